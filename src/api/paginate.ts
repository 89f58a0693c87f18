// Walks a paginated list (spec §2.13, api-facts.md "Pagination") while the caller consumes it:
// the next page is requested as soon as the current one arrives, so the network wait overlaps
// the caller's work. At most one request is in flight and at most two pages are held; an item
// is let go of as it is yielded, so that the caller's printed items are garbage at once (a long
// export's page kept whole while it printed made V8 grow its young generation: bench/RESULTS.md).
import { BillingError, UsageError } from '../errors.js';
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

/** A page's identity for spotting a server that sends the same page again. */
function fingerprint(items: readonly unknown[]): string {
  return items
    .map((item) => {
      const id = (item as { id?: unknown } | null)?.id;
      return typeof id === 'string' ? id : JSON.stringify(item);
    })
    .join('\n');
}

/**
 * Yields every item from `startPage` on. The server's counts are trusted only as far as they
 * agree: it stops at an empty page, once the first page's `total_count` is reached, and past
 * the pages that count implies — whatever `max_page` says — and a page that repeats the one
 * before it is an error, not another page (issue 12: a server repeating one item with
 * max_page 1e8 would otherwise be asked 10^8 times).
 */
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
  const skipped = (startPage - 1) * pageSize;
  let page = startPage;
  let yielded = 0;
  let total: number | undefined;
  let previous: string | undefined;
  let next: Promise<Page<T>> | undefined = request(page);
  try {
    while (next) {
      const current: Page<T> = await next;
      next = undefined;
      const { items, pagination } = current;
      total ??= pagination.total_count;
      opts.onPage?.({ page, maxPage: pagination.max_page, totalCount: pagination.total_count });
      if (items.length === 0) return;
      const seen = fingerprint(items);
      if (seen === previous) throw new RepeatedPageError(page);
      previous = seen;
      const take = Math.min(items.length, limit - yielded);
      const lastPage = Math.min(pagination.max_page, Math.ceil(total / pageSize));
      const more = page < lastPage && yielded + take < limit && skipped + yielded + take < total;
      if (more) next = request(page + 1);
      for (let i = 0; i < take; i++) {
        const item = items[i] as T;
        items[i] = undefined as T;
        yield item;
        yielded++;
      }
      page++;
    }
  } finally {
    stop.abort();
  }
}

/** The server answered a page with the same items as the page before. */
export class RepeatedPageError extends BillingError {
  constructor(readonly page: number) {
    super(
      `unexpected response from server: page ${page} repeats page ${page - 1}; stopped reading the list`,
      { hint: 'The list may be incomplete; the server does not page as the API says it should.' },
    );
  }
}
