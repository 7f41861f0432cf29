/**
 * Walks a paginated list page after page, for the resources' `listAll` methods.
 * See sdk/README.md, "Pagination".
 */
import type { Page } from './types.js';

/**
 * Every item of a paginated list, page after page (from `query.page`, default 1). Lists are newest
 * first: an item added while iterating pushes the others down a place, so an item already seen is
 * skipped rather than yielded twice.
 */
export async function* everyItem<T extends { id: string }>(
  page: (number: number) => Promise<Page<T>>,
  first = 1,
): AsyncGenerator<T, void, undefined> {
  const seen = new Set<string>();
  for (let number = first; ; number += 1) {
    const { data, pagination } = await page(number);
    for (const item of data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      yield item;
    }
    if (data.length === 0 || number >= pagination.total_pages) return;
  }
}
