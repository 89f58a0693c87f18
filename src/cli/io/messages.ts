// Status lines for people: always stderr, so stdout stays data only.

import { createStyler } from './color.js';
import { safeText } from './safe.js';
import type { IO } from './streams.js';

export interface Messenger {
  success(msg: string): void;
  warn(msg: string): void;
  info(msg: string): void;
}

export function createMessenger(io: IO, opts: { color?: boolean } = {}): Messenger {
  const style = createStyler(io.stderr, opts.color);
  const say = (line: string) => {
    io.stderr.write(`${line}\n`);
  };
  // Messages quote server text (a buyer's email, a subject): never raw on the terminal.
  return {
    success: (msg) => say(`${style('green', '✓')} ${safeText(msg)}`),
    warn: (msg) => say(`${style('yellow', '!')} ${safeText(msg)}`),
    info: (msg) => say(safeText(msg)),
  };
}
