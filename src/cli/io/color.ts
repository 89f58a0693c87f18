// Colour through util.styleText so Node's own NO_COLOR / FORCE_COLOR / TERM rules apply.
import { WriteStream } from 'node:tty';
import { styleText } from 'node:util';
import type { OutStream } from './streams.js';

export type Tone = 'bold' | 'dim' | 'green' | 'red' | 'yellow';
export type Styler = (tone: Tone | undefined, text: string) => string;

const plain: Styler = (_tone, text) => text;

/**
 * `color` undefined: colour only when `stream` is a TTY and the environment allows it;
 * false: never; true: always (e.g. `--color always`).
 */
export function createStyler(stream: OutStream, color?: boolean): Styler {
  if (color === false) return plain;
  if (color === true) {
    return (tone, text) => (tone ? styleText(tone, text, { validateStream: false }) : text);
  }
  if (!stream.isTTY) return plain;
  // styleText only accepts Node streams; injected fakes get a stand-in that still answers
  // getColorDepth from the environment, so NO_COLOR is honoured for them too.
  const own = stream as OutStream & { getColorDepth?: (env?: object) => number };
  const probe = {
    isTTY: true,
    write: () => true,
    on: () => probe,
    getColorDepth: (env?: object) =>
      typeof own.getColorDepth === 'function'
        ? own.getColorDepth(env)
        : WriteStream.prototype.getColorDepth(env),
  };
  return (tone, text) =>
    tone ? styleText(tone, text, { stream: probe as unknown as NodeJS.WritableStream }) : text;
}

const GOOD = new Set(['active', 'granted', 'confirmed', 'paid', 'succeeded', 'trialing']);
const BAD = new Set([
  'canceled',
  'cancelled',
  'revoked',
  'expired',
  'failed',
  'disabled',
  'unpaid',
  'past_due',
  'incomplete_expired',
]);

export function statusTone(status: string): Tone {
  const s = status.toLowerCase();
  if (GOOD.has(s)) return 'green';
  if (BAD.has(s)) return 'red';
  return 'yellow';
}
