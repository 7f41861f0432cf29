/**
 * An item's size as DynamoDB counts it for billing and its 400 KB limit (developer guide, "Item
 * sizes and formats"): each attribute's name in UTF-8 plus its value — a string's UTF-8 bytes, a
 * binary's bytes, a number's ~1 byte per two significant digits plus one, 1 byte for a boolean or
 * null, and 3 bytes per list or map plus 1 per element. Exact for the document client's plain
 * values; used to keep items within a write unit, where over-estimating by a byte is harmless.
 */
/** An item, or the bodies it holds, would not fit in one DynamoDB item with room to spare. */
export class BodiesTooLargeError extends Error {}

export function itemSize(item: Readonly<Record<string, unknown>>): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined) continue;
    size += Buffer.byteLength(name) + valueSize(value);
  }
  return size;
}

function valueSize(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const digits = String(value).replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
    return Math.ceil(Math.max(digits.length, 1) / 2) + 1;
  }
  if (typeof value === 'boolean' || value === null) return 1;
  if (value instanceof Uint8Array) return value.length;
  if (value instanceof Set) return [...value].reduce((sum: number, element) => sum + valueSize(element), 0);
  if (Array.isArray(value)) return value.reduce((sum: number, element) => sum + 1 + valueSize(element), 3);
  if (value instanceof Map)
    return [...value].reduce(
      (sum: number, [key, element]) => sum + 1 + Buffer.byteLength(String(key)) + valueSize(element),
      3,
    );
  if (typeof value === 'object')
    return Object.entries(value).reduce(
      (sum: number, [key, element]) =>
        element === undefined ? sum : sum + 1 + Buffer.byteLength(key) + valueSize(element),
      3,
    );
  return 0;
}
