// One rewritten status line on stderr, e.g. while pages are fetched; silent off a terminal.

import { truncate } from './humanize.js';
import { safeText } from './safe.js';
import type { OutStream } from './streams.js';

export interface Progress {
  update(text: string): void;
  page(current: number, total?: number): void;
  /** Clears the line; call before printing anything else to the terminal. */
  done(): void;
}

const CLEAR_LINE = '\r\x1b[K';
const silent: Progress = { update() {}, page() {}, done() {} };

export function createProgress(stream: OutStream): Progress {
  if (!stream.isTTY) return silent;
  let shown = false;
  const update = (text: string) => {
    // A line that wraps could not be rewritten by '\r', so it stays one column short.
    const width = (stream.columns || 80) - 1;
    stream.write(`${CLEAR_LINE}${truncate(safeText(text), width)}`);
    shown = true;
  };
  return {
    update,
    page(current, total) {
      update(`Fetching page ${current}${total ? `/${total}` : ''}…`);
    },
    done() {
      if (shown) stream.write(CLEAR_LINE);
      shown = false;
    },
  };
}
