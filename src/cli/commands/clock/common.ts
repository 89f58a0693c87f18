// What the clock verbs share: the local service's clock, moved or read, printed as a card whose
// rows say what moving it processed; a service without a test clock is named as such. The
// service does so much per request (issue 23): a move it did not finish says what remains and
// where it was going (`remaining`, `until`), and is asked again until nothing remains — one
// command still brings the clock all the way, with a progress line on a terminal meanwhile.
import type { ClockMove, ClockState } from '../../../api/local.js';
import { BillingError, UsageError } from '../../../errors.js';
import { after, readSpan, type Span } from '../../../shared/duration.js';
import type { Context, OutputOptions } from '../../context.js';
import { type Column, createProgress } from '../../io/index.js';
import { day, done, localOnly } from '../shared.js';

export { after, type Span };

import { printOne, resources } from '../verb.js';

export interface ClockOptions {
  output: OutputOptions;
}

/**
 * Reads the clock (no move) or moves it all the way, and prints it. A move given as a function
 * is made from the clock's now, read first (calendar months and years count from the service's
 * date, not this machine's).
 */
export async function showClock(
  ctx: Context,
  output: OutputOptions,
  move?: ClockMove | ((now: Date) => ClockMove),
) {
  const { local, client } = await resources(ctx, 'none');
  const call = (m: ClockMove | undefined) =>
    localOnly(
      ctx,
      m ? local.moveClock(client, m) : local.clock(client),
      (base) => `${base} has no test clock: it is not a local service`,
      "The clock is the local service's (billing serve); point BILLING_BASE_URL at one, or use --profile local.",
    );
  const first = typeof move === 'function' ? move(new Date((await call(undefined)).now)) : move;
  let state = await call(first);
  if (first) state = await untilDone(ctx, state, call);
  const json = output.json || output.output === 'json' || output.output === 'ndjson';
  const { columns, view } = json ? { columns: CARD, view: state } : summary(state);
  await printOne(ctx, output, columns, view);
  if (first) await done(ctx, `The clock is at ${state.now}${processedLine(state)}.`);
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

/** `90s`, `2h`, `31d`, `2w`, `1mo`, `1y`, `1y2mo`, `1d12h`: at least a second, at most 100y. */
export function span(flag: string, value: string): Span {
  const read = readSpan(value);
  if ('refused' in read) throw new UsageError(`${flag}: ${read.refused}`);
  return read;
}

/** True when `m` (minutes) is the only unit: someone may have meant months (`mo`). */
export function minutesOnly(value: string): boolean {
  const units = [...value.matchAll(/\d+\s*(mo|[smhdwy])/g)].map((p) => p[1]);
  return units.length > 0 && units.every((u) => u === 'm');
}
