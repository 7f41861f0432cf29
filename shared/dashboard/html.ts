/**
 * HTML for the dashboard's server-rendered pages: a tagged template that escapes every
 * interpolated value unless it is already `SafeHtml` (the output of another `html` template),
 * so markup can only come from our own template literals. No template engine or build step:
 * pages are plain functions returning SafeHtml.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function render(value: unknown): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * `html\`<p>${name}</p>\`` — values are escaped; arrays are concatenated; `undefined`, `null`
 * and `false` render nothing (so `${condition && html\`…\`}` works).
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let index = 0; index < values.length; index += 1) {
    out += render(values[index]) + (strings[index + 1] ?? '');
  }
  return new SafeHtml(out);
}
