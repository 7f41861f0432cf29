import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function importWith(env: Record<string, string | undefined>) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', "await import('./shared/core/config.ts')"],
    { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' },
  );
}

describe('configuration', () => {
  it('fails loudly at import when a required variable is missing', () => {
    const result = importWith({});
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Missing required environment variable TABLE_NAME');
  });

  it('fails loudly on a malformed number', () => {
    const result = importWith({ TABLE_NAME: 't', RATE_LIMIT_PER_SECOND: 'ten' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('RATE_LIMIT_PER_SECOND must be a positive integer');
  });

  it('loads with the required variables set', () => {
    expect(importWith({ TABLE_NAME: 't' }).status).toBe(0);
  });
});
