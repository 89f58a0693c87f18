// Status lines for people: always stderr, so stdout stays data only.
import type { IO } from '../context.js';
import { createStyler } from './color.js';

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
  return {
    success: (msg) => say(`${style('green', '✓')} ${msg}`),
    warn: (msg) => say(`${style('yellow', '!')} ${msg}`),
    info: (msg) => say(msg),
  };
}
