/**
 * The links of an email, for tests that follow them (a magic link, a confirmation): what
 * `emails.waitFor` adds as `links`. A small scanner rather than an HTML parser, so the SDK keeps no
 * dependency; what it finds is described in sdk/README.md, "Testing your application".
 */

/** The named character references links and their surroundings use (others are left as written). */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  sol: '/',
  colon: ':',
  quest: '?',
  equals: '=',
  num: '#',
  percnt: '%',
  plus: '+',
  lpar: '(',
  rpar: ')',
};

/** Decodes HTML character references: the named ones above, decimal and hexadecimal. */
export function decodeEntities(value: string): string {
  return value.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g, (whole, decimal, hex, name) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** An absolute http(s) URL with a host. */
function isWebUrl(candidate: string): boolean {
  if (!/^https?:\/\//i.test(candidate)) return false;
  try {
    return new URL(candidate).hostname !== '';
  } catch {
    return false;
  }
}

const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
const count = (text: string, char: string) => text.split(char).length - 1;

/** A URL found in running text without the punctuation that ends its sentence or encloses it. */
function trimTrailing(url: string): string {
  let trimmed = url;
  for (;;) {
    const last = trimmed.at(-1) ?? '';
    const opener = CLOSERS[last];
    if ('.,;:!?*'.includes(last) && last !== '') trimmed = trimmed.slice(0, -1);
    else if (opener !== undefined && count(trimmed, last) > count(trimmed, opener)) trimmed = trimmed.slice(0, -1);
    else return trimmed;
  }
}

/** The http(s) URLs written out in plain text, in order. */
function bareUrls(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'`]+/gi)].map((match) => trimTrailing(match[0]));
}

// One token of HTML: a comment, a script or style element (skipped whole), a tag (quoted attribute
// values may hold `>`), or a declaration. The text between tokens is running text.
const HTML_TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)|<\/?[a-zA-Z][^"'>]*(?:(?:"[^"]*"|'[^']*')[^"'>]*)*>|<![^>]*>/g;
const URL_ATTRIBUTE = /\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/** The http(s) URLs of an HTML document in document order: `href`/`src` values and URLs in its text. */
function htmlUrls(html: string): string[] {
  const urls: string[] = [];
  let textStart = 0;
  const addText = (end: number) => {
    urls.push(...bareUrls(decodeEntities(html.slice(textStart, end))));
  };
  for (const token of html.matchAll(HTML_TOKEN)) {
    addText(token.index);
    textStart = token.index + token[0].length;
    if (token[1] !== undefined || !/^<[a-zA-Z]/.test(token[0])) continue;
    for (const attribute of token[0].matchAll(URL_ATTRIBUTE)) {
      // As a browser reads the value: references decoded, surrounding spaces and any tab or newline dropped.
      const value = decodeEntities(attribute[1] ?? attribute[2] ?? attribute[3] ?? '');
      urls.push(value.replace(/[\t\n\r]/g, '').trim());
    }
  }
  addText(html.length);
  return urls;
}

/**
 * Every http(s) URL of an email, in order and without duplicates: of its HTML when it has one
 * (`href` and `src` values and URLs written in the text, character references decoded), else of its
 * text (URLs written in it).
 */
export function extractLinks(email: { html?: string | null; text?: string | null }): string[] {
  const found = email.html ? htmlUrls(email.html) : bareUrls(email.text ?? '');
  return [...new Set(found.filter(isWebUrl))];
}
