// Walks a paginated list (spec §2.13, api-facts.md "Pagination") while the caller consumes it:
// the next page is requested as soon as the current one arrives, so the network wait overlaps
// the caller's work. At most one request is in flight and at most two pages are held.
import { UsageError } from '../cli/errors.js';
import { MAX_PAGE_SIZE } from './enums.js';
import type { Page } from './schemas.js';

export interface PageInfo {
  page: number;
  maxPage: number;
  totalCount: number;
}

export interface PageOptions {
  /** Items per request, 1–100. */
  pageSize?: number;
  /** Stop after this many items (default: all). */
  limit?: number;
  /** First page to read, 1-based. */
  startPage?: number;
  /** Called once per page received, before its items are yielded. */
  onPage?: (info: PageInfo) => void;
}

export type FetchPage<T> = (
  page: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<Page<T>>;

function check(opts: PageOptions) {
  const pageSize = opts.pageSize ?? MAX_PAGE_SIZE;
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  const startPage = opts.startPage ?? 1;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new UsageError(
      `page size must be an integer from 1 to ${MAX_PAGE_SIZE}, got ${pageSize}`,
    );
  }
  if (limit !== Number.POSITIVE_INFINITY && (!Number.isInteger(limit) || limit < 0)) {
    throw new UsageError(`limit must be a whole number of items, got ${limit}`);
  }
  if (!Number.isInteger(startPage) || startPage < 1) {
    throw new UsageError(`page must be a positive integer, got ${startPage}`);
  }
  // Asking for fewer items than a page saves the transfer; the size stays fixed for every
  // page because the service computes page offsets from it.
  return { pageSize: Math.min(pageSize, Math.max(limit, 1)), limit, startPage };
}

export async function* paginate<T>(fetchPage: FetchPage<T>, opts: PageOptions = {}) {
  const { pageSize, limit, startPage } = check(opts);
  if (limit === 0) return;
  // Aborts the prefetch when the caller stops early (break, limit, or an error).
  const stop = new AbortController();
  const request = (page: number) => {
    const pending = fetchPage(page, pageSize, stop.signal);
    // Handled when awaited; this only keeps a failure during the caller's work from being
    // reported as unhandled.
    pending.catch(() => {});
    return pending;
  };
  let page = startPage;
  let yielded = 0;
  let next: Promise<Page<T>> | undefined = request(page);
  try {
    while (next) {
      const current: Page<T> = await next;
      next = undefined;
      const { items, pagination } = current;
      opts.onPage?.({ page, maxPage: pagination.max_page, totalCount: pagination.total_count });
      if (items.length === 0) return;
      const take = Math.min(items.length, limit - yielded);
      if (page < pagination.max_page && yielded + take < limit) next = request(page + 1);
      for (let i = 0; i < take; i++) {
        yield items[i] as T;
        yielded++;
      }
      page++;
    }
  } finally {
    stop.abort();
  }
}
