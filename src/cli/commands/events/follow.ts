// `billing events list --follow`: the latest events, oldest first, then every event that appears
// with a timestamp at or after the newest one shown, polled until Ctrl+C. Each row is written
// as it comes (no 64 KiB chunks, no pager): a pipe reading NDJSON sees an event when it lands.
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventFilters } from '../../../api/events.js';
import type { Resource } from '../../../api/schemas.js';
import { InterruptedError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { Listing } from '../shared.js';
import { resources } from '../verb.js';
import { EVENT_COLUMNS } from './columns.js';

export async function follow(
  ctx: Context,
  listing: Omit<Listing<unknown>, 'filters'>,
  filters: EventFilters,
  intervalMs: number,
): Promise<void> {
  const { events, client } = await resources(ctx, 'seller');
  const { createPrinter, resolveFormat, relativeTime } = await import('../../io/index.js');
  const { output } = listing;
  const format = resolveFormat({ ...output, isTTY: ctx.io.stdout.isTTY });
  const printer = createPrinter({
    io: ctx.io,
    format,
    ...(output.fields !== undefined ? { fields: output.fields } : {}),
    columns: EVENT_COLUMNS,
    now: () => ctx.displayNow(relativeTime),
    flushAt: 1,
  });
  const { signal } = ctx;

  async function* feed(): AsyncGenerator<Resource> {
    const latest: Resource[] = [];
    const first = { ...filters, sorting: ['-timestamp'] as const };
    for await (const e of events.list(client, first, { limit: listing.page.limit, pageSize: 100 }))
      latest.push(e);
    latest.reverse();
    // The newest timestamp shown, and the events shown at it: the next poll starts there.
    // Compared as instants: the service's texts may differ in their fraction of a second.
    let mark = latest.length ? String(latest.at(-1)!.timestamp) : '';
    let markMs = Date.parse(mark);
    let atMark = new Set(
      latest.filter((e) => Date.parse(String(e.timestamp)) === markMs).map((e) => e.id),
    );
    yield* latest;
    for (;;) {
      try {
        await sleep(intervalMs, undefined, { signal });
      } catch {
        throw new InterruptedError(); // Ctrl+C: exit 130, said once by main
      }
      const since = { ...filters, sorting: ['timestamp'] as const };
      if (mark) since.start_timestamp = mark;
      for await (const e of events.list(client, since, { pageSize: 100 })) {
        if (atMark.has(e.id)) continue;
        const ts = String(e.timestamp);
        const ms = Date.parse(ts);
        if (ms < markMs) continue;
        if (ms !== markMs || !mark) {
          mark = ts;
          markMs = ms;
          atMark = new Set();
        }
        atMark.add(e.id);
        yield e;
      }
    }
  }

  await printer.printList(feed(), { pageSize: 1 });
}
