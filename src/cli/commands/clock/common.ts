// What the clock verbs share: the local service's clock, moved or read, printed as a card whose
// rows say what moving it processed; a service without a test clock is named as such. The
// service does so much per request (issue 23): a move it did not finish says what remains and
// where it was going (`remaining`, `until`), and is asked again until nothing remains — one
// command still brings the clock all the way, with a progress line on a terminal meanwhile.
import type { ClockMove, ClockState } from '../../../api/local.js';
import { BillingError, UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { type Column, createProgress } from '../../io/index.js';
import { day, done, localOnly } from '../shared.js';
import { printOne, resources } from '../verb.js';

export interface ClockOptions {
  output: OutputOptions;
}

/** Reads the clock (no move) or moves it all the way, and prints it. */
export async function showClock(ctx: Context, output: OutputOptions, move?: ClockMove) {
  const { local, client } = await resources(ctx, 'none');
  const call = (m: ClockMove | undefined) =>
    localOnly(
      ctx,
      m ? local.moveClock(client, m) : local.clock(client),
      (base) => `${base} has no test clock: it is not a local service`,
      "The clock is the local service's (billing serve); point BILLING_BASE_URL at one, or use --profile local.",
    );
  let state = await call(move);
  if (move) state = await untilDone(ctx, state, call);
  const json = output.json || output.output === 'json' || output.output === 'ndjson';
  const { columns, view } = json ? { columns: CARD, view: state } : summary(state);
  await printOne(ctx, output, columns, view);
  if (move) await done(ctx, `The clock is at ${state.now}${processedLine(state)}.`);
  return state;
}

const remainingOf = (state: ClockState) =>
  typeof state.remaining === 'number' && typeof state.until === 'string' ? state.remaining : 0;

/**
 * Moves the clock on to where `first` was going until nothing remains; the last answer with
 * what every request processed, kind by kind.
 */
async function untilDone(
  ctx: Context,
  first: ClockState,
  call: (m: ClockMove) => Promise<ClockState>,
): Promise<ClockState> {
  let state = first;
  let processed = first.processed;
  if (!remainingOf(state)) return state;
  const progress = createProgress(ctx.io.stderr);
  try {
    while (remainingOf(state) > 0) {
      const total = counts({ ...state, processed }).reduce((sum, [, n]) => sum + n, 0);
      progress.update(
        `Moving the clock: ${day(state.now)} of ${day(state.until)}, ${total} processed…`,
      );
      const next = await call({ set: state.until as string });
      const moved = counts(next).some(([, n]) => n > 0) || remainingOf(next) < remainingOf(state);
      if (!moved && remainingOf(next) > 0) {
        throw new BillingError(
          `the local service moved the clock no further on its way to ${state.until}`,
        );
      }
      processed = merge(processed, next.processed);
      state = next;
    }
  } finally {
    progress.done();
  }
  return { ...state, processed };
}

/** Two answers' `processed`: lists joined, counts added, kind by kind. */
function merge(a: ClockState['processed'], b: ClockState['processed']): ClockState['processed'] {
  if (!a || typeof a !== 'object') return b;
  if (!b || typeof b !== 'object') return a;
  const out: Record<string, unknown> = { ...a };
  for (const [kind, value] of Object.entries(b)) {
    const before = out[kind];
    if (Array.isArray(before) && Array.isArray(value)) out[kind] = [...before, ...value];
    else if (typeof before === 'number' && typeof value === 'number') out[kind] = before + value;
    else out[kind] = value;
  }
  return out;
}

const CARD: Column[] = [
  { header: 'Now', path: 'now' },
  { header: 'Offset (seconds)', path: 'offset_seconds' },
];

/** Counts per kind of what was processed, as rows after the clock's own. */
function counts(state: ClockState): [string, number][] {
  const processed = state.processed;
  if (!processed || typeof processed !== 'object') return [];
  return Object.entries(processed).flatMap(([kind, value]): [string, number][] => {
    if (Array.isArray(value)) return [[kind, value.length]];
    if (typeof value === 'number') return [[kind, value]];
    return [];
  });
}

function summary(state: ClockState): { columns: Column[]; view: object } {
  const rows = counts(state);
  const processed = Object.fromEntries(rows);
  const columns = [
    ...CARD,
    ...rows.map(([kind]) => ({ header: kind.replaceAll('_', ' '), path: `processed.${kind}` })),
  ];
  return { columns, view: { ...state, processed } };
}

function processedLine(state: ClockState): string {
  const rows = counts(state).filter(([, n]) => n > 0);
  if (rows.length === 0) return '; nothing fell due';
  return `; ${rows.map(([kind, n]) => `${n} ${kind.replaceAll('_', ' ')}`).join(', ')}`;
}

const UNITS: Record<string, number> = {
  s: 1,
  m: 60,
  h: 3600,
  d: 86_400,
  w: 604_800,
  y: 31_536_000,
};

/** `90s`, `2h`, `31d`, `1y`, `1d12h`: seconds, at least one; y is 365 days. */
export function duration(flag: string, value: string): number {
  const text = value.trim();
  const parts = [...text.matchAll(/(\d+)\s*([smhdwy])/g)];
  const whole = parts.map((p) => p[0]).join('');
  if (parts.length === 0 || whole.replaceAll(/\s/g, '') !== text.replaceAll(/\s/g, '')) {
    throw new UsageError(
      `${flag}: "${value.slice(0, 40)}" is not a duration: a number and a unit, s m h d w y (e.g. 90s, 2h, 31d, 1y)`,
    );
  }
  const seconds = parts.reduce((sum, p) => sum + Number(p[1]) * UNITS[p[2]!]!, 0);
  if (seconds < 1) throw new UsageError(`${flag}: must be at least 1s`);
  if (!Number.isSafeInteger(seconds) || seconds > 100 * UNITS.y!) {
    throw new UsageError(`${flag}: at most 100y`);
  }
  return seconds;
}
