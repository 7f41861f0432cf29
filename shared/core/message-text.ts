/**
 * The rules of the text a mail client shows in headers: display names and the subject, inline or
 * rendered from a template. Characters are counted in Unicode code points (an emoji is 1).
 */

export const MAX_SUBJECT_LENGTH = 998;
export const MAX_DISPLAY_NAME_LENGTH = 256;

export const LINE_BREAK = /[\r\n\u2028\u2029]/;
export const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_TAB = /[^\P{Cc}\t]/u;
/** A UTF-16 surrogate without its pair: not a character, and SES or DynamoDB may refuse it later. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Bidirectional overrides and isolates, used to disguise a sender name. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** Length in Unicode code points. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/**
 * An RFC 2047 encoded word (`=?utf-8?B?4oCu…?=`). Mail clients decode encoded words in display
 * names and subjects (even inside a quoted name), so one could carry what the rules here refuse (a
 * bidirectional override, a line break). Postbox encodes non-ASCII text itself: a caller never
 * needs to send one.
 */
const ENCODED_WORD = /=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=/;
const ENCODED_WORD_PROBLEM =
  'Must not contain an RFC 2047 encoded word (=?charset?B?…?= or =?charset?Q?…?=): send the text itself, Postbox encodes it';

/** What is wrong with a display name (before trimming), or undefined. */
export function displayNameProblem(value: string): string | undefined {
  if (LONE_SURROGATE.test(value)) return 'Must be valid Unicode text';
  if (BIDI_CONTROL.test(value)) return 'Must not contain bidirectional control characters';
  if (LINE_BREAK.test(value)) return 'Must not contain line breaks (CR or LF)';
  if (CONTROL.test(value)) return 'Must not contain control characters';
  if (ENCODED_WORD.test(value)) return ENCODED_WORD_PROBLEM;
  const trimmed = value.trim();
  if (trimmed === '') return 'Must not be empty';
  if (characterCount(trimmed) > MAX_DISPLAY_NAME_LENGTH) return `Must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`;
  return undefined;
}

/**
 * What is wrong with a subject, inline or rendered from a template: every problem, in a fixed order
 * (a caller sees the length and a line break at once).
 */
export function subjectProblems(value: string): string[] {
  const problems: string[] = [];
  if (LONE_SURROGATE.test(value)) problems.push('Must be valid Unicode text');
  if (value === '') problems.push('Must not be empty');
  else if (characterCount(value) > MAX_SUBJECT_LENGTH)
    problems.push(`Must be at most ${MAX_SUBJECT_LENGTH} characters`);
  if (LINE_BREAK.test(value)) problems.push('Must not contain line breaks (CR or LF)');
  else if (CONTROL_BUT_TAB.test(value)) problems.push('Must not contain control characters');
  if (BIDI_CONTROL.test(value)) problems.push('Must not contain bidirectional control characters');
  if (ENCODED_WORD.test(value)) problems.push(ENCODED_WORD_PROBLEM);
  return problems;
}
