// What the clock verbs share: the local service's clock, moved or read, printed as a card whose
// rows say what moving it processed; a service without a test clock is named as such.
import type { ClockMove, ClockState } from '../../../api/local.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import type { Column } from '../../io/index.js';
import { done, localOnly } from '../shared.js';
import { printOne, resources } from '../verb.js';

export interface ClockOptions {
  output: OutputOptions;
}

/** Reads the clock (no move) or moves it, and prints it. */
export async function showClock(ctx: Context, output: OutputOptions, move?: ClockMove) {
  const { local, client } = await resources(ctx, 'none');
  const state = await localOnly(
    ctx,
    move ? local.moveClock(client, move) : local.clock(client),
    (base) => `${base} has no test clock: it is not a local service`,
    "The clock is the local service's (billing serve); point BILLING_BASE_URL at one, or use --profile local.",
  );
  const json = output.json || output.output === 'json' || output.output === 'ndjson';
  const { columns, view } = json ? { columns: CARD, view: state } : summary(state);
  await printOne(ctx, output, columns, view);
  if (move) await done(ctx, `The clock is at ${state.now}${processedLine(state)}.`);
  return state;
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
