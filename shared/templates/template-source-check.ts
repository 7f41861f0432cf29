/**
 * What a template part may contain, checked in one linear pass BEFORE Handlebars parses it: its parser is
 * not linear in what a tenant can write (comments copy the source read so far, an unclosed `{{` rescans
 * the rest, nesting recurses), so bounding the counts first bounds its time and stack. Tags are read as
 * Handlebars' lexer reads them (`\{{` escaped, `{{!-- … --}}` ends at `--}}`, other tags at `}}`); a
 * misread only changes the counts, and the parser still judges the syntax. Limits: docs/api.md, "Templates".
 */

/** Tags (`{{…}}` of any kind, comments included) per part. */
export const MAX_TEMPLATE_TAGS = 1_000;
/** Comments per part (`{{! … }}` and `{{!-- … --}}`). */
export const MAX_TEMPLATE_COMMENTS = 100;
/**
 * Blocks, `{{else if}}` links of a chain and subexpressions nest at most this deep: Handlebars'
 * compiler recurses once per level (an `{{else if}}` opens a block inside the previous one).
 */
export const MAX_TEMPLATE_NESTING = 100;

export interface SourceProblem {
  line: number;
  column: number;
  reason: string;
}

/** Line and column (1-based) of an offset: only computed for an error. */
function position(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = source.indexOf('\n'); index !== -1 && index < offset; index = source.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

const LONG_COMMENT_END = /--~?\}\}/g;

/** The first problem of the source, or undefined. Linear in the source length. */
export function sourceProblem(source: string): SourceProblem | undefined {
  const problem = (offset: number, reason: string): SourceProblem => ({ ...position(source, offset), reason });
  let tags = 0;
  let comments = 0;
  let depth = 0;
  /** The levels each open block added: 1, plus one per `{{else if}}` of its chain. */
  const blocks: number[] = [];
  let cursor = 0;
  for (;;) {
    const open = source.indexOf('{{', cursor);
    if (open === -1) return undefined;
    // `\{{` is literal text (a `\\{{` is a tag after a literal backslash).
    if (source[open - 1] === '\\' && source[open - 2] !== '\\') {
      cursor = open + 2;
      continue;
    }
    tags += 1;
    if (tags > MAX_TEMPLATE_TAGS) return problem(open, `more than ${MAX_TEMPLATE_TAGS} tags ({{…}})`);
    let start = open + 2;
    if (source[start] === '~') start += 1;
    if (source[start] === '!') {
      comments += 1;
      if (comments > MAX_TEMPLATE_COMMENTS) return problem(open, `more than ${MAX_TEMPLATE_COMMENTS} comments`);
      let end: number;
      if (source.startsWith('!--', start)) {
        LONG_COMMENT_END.lastIndex = start + 3;
        const match = LONG_COMMENT_END.exec(source);
        end = match ? match.index + match[0].length : -1;
      } else {
        const close = source.indexOf('}}', start);
        end = close === -1 ? -1 : close + 2;
      }
      if (end === -1) return problem(open, 'a comment is never closed');
      cursor = end;
      continue;
    }
    const close = source.indexOf('}}', start);
    if (close === -1) return problem(open, 'a {{ is never closed with }}');
    cursor = close + 2;

    let parentheses = 0;
    for (let index = start; index < close; index += 1) {
      const character = source.charCodeAt(index);
      if (character === 0x28 /* ( */) {
        parentheses += 1;
        if (parentheses > MAX_TEMPLATE_NESTING) {
          return problem(open, `nested more than ${MAX_TEMPLATE_NESTING} levels deep`);
        }
      } else if (character === 0x29 /* ) */) parentheses -= 1;
    }
    const head = source.slice(start, close).trimStart();
    const opensBlock = head.startsWith('#') || (head.startsWith('^') && /^\^\s*[^\s~}]/.test(head));
    const chainsElse = /^else\s+[^\s~]/.test(head);
    if (opensBlock) {
      blocks.push(1);
      depth += 1;
    } else if (chainsElse && blocks.length > 0) {
      blocks[blocks.length - 1] = (blocks.at(-1) ?? 0) + 1;
      depth += 1;
    } else if (head.startsWith('/')) {
      depth = Math.max(0, depth - (blocks.pop() ?? 0));
    }
    if (depth > MAX_TEMPLATE_NESTING) return problem(open, `nested more than ${MAX_TEMPLATE_NESTING} levels deep`);
  }
}
