/**
 * The project's own rules for its source, checked: no non-test source file over 350 lines (generated
 * files aside), a file's header comment at most 8 lines (why, and where the rules are), and no
 * pointer to a document outside the repository or to an issue number — the docs are the source.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const sources = execFileSync(
  'git',
  ['ls-files', '-co', '--exclude-standard', 'shared', 'functions', 'infra', 'sdk/src', 'bench', 'local'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .filter((file) => !file.endsWith('.generated.ts') && !file.endsWith('schema.d.ts'));

const lines = (file: string) => readFileSync(file, 'utf8').split('\n');

/** The lines of a file's opening `/** … *\/` comment, both ends counted; 0 without one. */
function headerLines(file: string): number {
  const text = lines(file);
  if (!text[0]?.startsWith('/**')) return 0;
  return text.findIndex((line) => line.includes('*/')) + 1;
}

describe('the source', () => {
  it('has files to check', () => {
    expect(sources.length).toBeGreaterThan(300);
  });

  it('keeps every non-test source file within 350 lines', () => {
    const long = sources.filter((file) => lines(file).length > 351).map((file) => `${file}: ${lines(file).length}`);
    expect(long).toEqual([]);
  });

  it('keeps every file header within 8 lines', () => {
    const long = sources.filter((file) => headerLines(file) > 8).map((file) => `${file}: ${headerLines(file)}`);
    expect(long).toEqual([]);
  });

  it('points to no document outside the repository and to no issue number', () => {
    const outside = /api-decisions|interface-spec|(^|[^./])\.\.\/shared\/|\bissues? #?\d+\b/i;
    const found = sources.filter((file) => outside.test(readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
