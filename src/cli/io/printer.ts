// The one formatter: TTY table/card, TSV in pipes, JSON/NDJSON as the scripting contract.

import { type Column, cardColumns, fieldColumns, rawCell, showsRow } from './cells.js';
import { createStyler } from './color.js';
import { type OutputFormat, parseFields } from './format.js';
import { pickPaths } from './paths.js';
import { escapeTsv } from './safe.js';
import { Sink } from './sink.js';
import type { IO } from './streams.js';

/** Streamed formats write once this much output has gathered (and at the end). */
export const FLUSH_AT = 64 * 1024;

export interface PrinterOptions {
  io: IO;
  format: OutputFormat;
  /** `--fields`: the raw flag value or already-split paths; validated here too. */
  fields?: string | readonly string[];
  /** Default columns of table and TSV output, in order. */
  columns: readonly Column[];
  /** What relative times are relative to; a function is asked when a table or card is laid out. */
  now: Date | (() => Date);
  /** Overrides colour detection: false never, true always. */
  color?: boolean;
  /** Bytes gathered before a streamed format writes (default FLUSH_AT; 1 = every item). */
  flushAt?: number;
}

export interface ListOptions {
  /** All matching items on the server; a TTY footer says when only some were shown. */
  totalCount?: number;
  /**
   * Items per page as they arrive: a table plans its widths on the first page and then writes
   * each following page as it comes, holding at most one page of rows, the cells of each item
   * (default: the whole list).
   */
  pageSize?: number;
  /** Called once, just before the first data reaches stdout (e.g. to end a progress line). */
  onFirstOutput?: () => void;
}

export interface Printer {
  printList(items: AsyncIterable<object> | Iterable<object>, opts?: ListOptions): Promise<void>;
  printOne(obj: object, cardRows?: readonly Column[]): Promise<void>;
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

/**
 * Text gathered as UTF-8 bytes for one write: a fresh buffer per write, since the stream may
 * hold the one it was given until it is flushed.
 */
class ByteChunk {
  #bytes = EMPTY;
  #size = 0;

  constructor(readonly flushAt: number) {}

  get size(): number {
    return this.#size;
  }

  add(text: string): void {
    // A UTF-16 unit is at most 3 bytes of UTF-8; counted exactly only when that bound is short.
    const free = this.#bytes.length - this.#size;
    if (text.length * 3 > free && Buffer.byteLength(text) > free) {
      // Room for this text and what gathers until the next write, in one allocation.
      const size = Math.max(this.#size + Buffer.byteLength(text), this.flushAt) + SLACK;
      const grown = Buffer.allocUnsafe(size);
      this.#bytes.copy(grown, 0, 0, this.#size);
      this.#bytes = grown;
    }
    this.#size += this.#bytes.write(text, this.#size, 'utf8');
  }

  /** The bytes gathered; the chunk starts again empty. */
  take(): Buffer {
    const taken = this.#bytes.subarray(0, this.#size);
    this.#bytes = EMPTY;
    this.#size = 0;
    return taken;
  }
}

/** Past FLUSH_AT, room for the item that crosses it (a big order is ~5 KB of JSON). */
const SLACK = 16 * 1024;
const EMPTY = Buffer.alloc(0);

/** A sink that calls `opts.onFirstOutput` once, before its first write. */
function firstOutput(sink: Sink, opts: ListOptions): Pick<Sink, 'write' | 'closed'> {
  return {
    get closed() {
      return sink.closed;
    },
    write(chunk: string | Uint8Array) {
      const first = opts.onFirstOutput;
      if (first) {
        opts.onFirstOutput = undefined;
        first();
      }
      return sink.write(chunk);
    },
  };
}

export function createPrinter(options: PrinterOptions): Printer {
  const { io, format, now } = options;
  const flushAt = options.flushAt ?? FLUSH_AT;
  const fields = options.fields === undefined ? undefined : parseFields(options.fields);
  const columns = fields ? fieldColumns(fields, options.columns) : options.columns;
  const alternatives = new Map(columns.map((c) => [c.path, c.alt ?? []]));
  const shape = (obj: object): object =>
    fields ? pickPaths(obj, fields, (path) => alternatives.get(path) ?? []) : obj;
  const style = createStyler(io.stdout, options.color);
  // table.js is loaded only when a table or card is printed.
  const layoutNow = () => (typeof now === 'function' ? now() : now);
  const layout = () => ({ width: io.stdout.columns || 80, now: layoutNow(), style });
  const tsvRow = (cells: string[]) => `${cells.join('\t')}\n`;

  async function printTable(items: AsyncIterable<object> | Iterable<object>, opts: ListOptions) {
    const { planTable, plannedRow, renderHeader, renderRows, rowOf, wrap } = await import(
      './table.js'
    );
    const sink = firstOutput(new Sink(io.stdout), opts);
    const batchSize = opts.pageSize ?? Number.POSITIVE_INFINITY;
    let plan: ReturnType<typeof planTable> | undefined;
    // Rows, not items: an item is let go of as soon as its cells are made (table.ts Row).
    let batch: ReturnType<typeof rowOf>[] = [];
    let shown = 0;
    const flush = async () => {
      if (!plan) {
        if (batch.length === 0) return;
        plan = planTable(columns, batch, layout());
        await sink.write(renderHeader(plan, style));
        const planned = plan;
        batch = batch.map((row) => plannedRow(planned, row));
      }
      const rows = renderRows(plan, batch, layout());
      shown += batch.length;
      batch = [];
      // Awaiting the write lets Ctrl+C and a closed pager in between two pages.
      await sink.write(rows);
    };
    for await (const item of items) {
      // Once planned, only the columns shown are made.
      batch.push(rowOf(plan ? plan.columns : columns, item, layoutNow()));
      if (batch.length >= batchSize) await flush();
      if (sink.closed) return;
    }
    await flush();
    const errStyle = createStyler(io.stderr, options.color);
    if (!plan) {
      io.stderr.write('No results\n');
      return;
    }
    if (plan.hidden.length) {
      const names = plan.hidden.map((c) => c.header).join(', ');
      // In lines no wider than the table's terminal.
      const note = `Hidden to fit the terminal: ${names} (choose columns with --fields)`;
      for (const text of wrap(note, layout().width)) io.stderr.write(`${errStyle('dim', text)}\n`);
    }
    if (opts.totalCount !== undefined && opts.totalCount > shown) {
      io.stderr.write(`${errStyle('dim', `Showing ${shown} of ${opts.totalCount}`)}\n`);
    }
  }

  async function stream(
    items: AsyncIterable<object> | Iterable<object>,
    open: string,
    render: (item: object, index: number) => string,
    close: string,
    opts: ListOptions,
    /** Written after each item (apart: a string joined to every item would be copied once more). */
    after = '',
  ) {
    const sink = firstOutput(new Sink(io.stdout), opts);
    // The header waits for the first page: a request that fails prints nothing to stdout.
    // Items are written in chunks of about FLUSH_AT bytes: one write per item cost more CPU
    // than the export itself (bench/RESULTS.md). The chunk gathers bytes, not a string of
    // 64 KiB kept alive across allocations: those strings grew V8's young generation over a
    // long export (bench/RESULTS.md, "export peak RSS").
    const chunk = new ByteChunk(flushAt);
    let index = 0;
    for await (const item of items) {
      if (index === 0 && open) chunk.add(open);
      chunk.add(render(item, index++));
      if (after) chunk.add(after);
      if (chunk.size >= flushAt) {
        await sink.write(chunk.take());
        // Leaving the loop ends the iterator too, so no further pages are fetched.
        if (sink.closed) return;
      }
    }
    if (index === 0 && open) chunk.add(open);
    chunk.add(close);
    if (chunk.size > 0) await sink.write(chunk.take());
  }

  return {
    async printList(items, opts = {}) {
      switch (format) {
        case 'table':
          return printTable(items, opts);
        case 'tsv': {
          const header = tsvRow(columns.map((c) => escapeTsv(c.header)));
          return stream(
            items,
            header,
            (item) => tsvRow(columns.map((c) => rawCell(c, item))),
            '',
            opts,
          );
        }
        case 'ndjson':
          return stream(items, '', (item) => JSON.stringify(shape(item)), '', opts, '\n');
        case 'json': {
          // Same bytes as JSON.stringify(array, null, 2), one item per write.
          let any = false;
          const render = (item: object, i: number) => {
            any = true;
            return `${i === 0 ? '[\n' : ',\n'}${indent(JSON.stringify(shape(item), null, 2))}`;
          };
          await stream(items, '', render, '', opts);
          await firstOutput(new Sink(io.stdout), opts).write(any ? '\n]\n' : '[]\n');
          return;
        }
      }
    },

    async printOne(obj, cardRows) {
      // A row of another API generation's field is left out when the answer has none.
      const rows = fields
        ? columns
        : cardRows
          ? cardRows.filter((row) => showsRow(row, obj))
          : cardColumns(obj);
      const sink = new Sink(io.stdout);
      switch (format) {
        case 'table':
          return import('./table.js').then(({ renderCard }) =>
            sink.write(renderCard(rows, obj, layout())),
          );
        case 'tsv':
          // Keys are paths, not labels: `awk -F'\t' '$1 == "status"'` must not depend on wording.
          return sink.write(rows.map((r) => tsvRow([escapeTsv(r.path), rawCell(r, obj)])).join(''));
        case 'ndjson':
          return sink.write(`${JSON.stringify(shape(obj))}\n`);
        case 'json':
          return sink.write(`${JSON.stringify(shape(obj), null, 2)}\n`);
      }
    },
  };
}
