// billing clock show|advance|set|reset: argv -> options; options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildAdvance, runAdvance } from '../../../../src/cli/commands/clock/advance.js';
import { after, span } from '../../../../src/cli/commands/clock/common.js';
import { buildReset, runReset } from '../../../../src/cli/commands/clock/reset.js';
import { buildSet, runSet } from '../../../../src/cli/commands/clock/set.js';
import { buildShow, runShow } from '../../../../src/cli/commands/clock/show.js';
import { answered, BASE, execute, ID, ID2, json, parse, withoutToken } from '../verb.js';

const NOW = { now: '2027-01-01T00:00:00.000Z', offset_seconds: 3_600 };
const MOVED = {
  now: '2027-12-01T00:00:00.000Z',
  offset_seconds: 29_000_000,
  processed: { renewals: [ID, ID2, ID], checkouts_expired: [], subscriptions_ended: [ID2] },
};

describe('clock: argv -> options', () => {
  it.each([
    ['90s', 0, 90],
    ['2h', 0, 7200],
    ['31d', 0, 2_678_400],
    ['2w', 0, 1_209_600],
    ['1d12h', 0, 129_600],
    [' 1d 30m ', 0, 88_200],
    ['1mo', 1, 0],
    ['1y', 12, 0],
    ['1y2mo3d', 14, 259_200],
    ['100y', 1200, 0],
  ])('advance %s = %i calendar months and %i seconds', async (text, months, seconds) => {
    expect(span('duration', text)).toEqual({ months, seconds });
    expect(await parse(buildAdvance, 'advance', [text], { noun: 'clock' })).toEqual({
      options: { span: { months, seconds }, output: {} },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    ['1m', '1m is 1 min'],
    ['90m', '90m is 90 min'],
  ])('advance %s stays minutes and says so, once, on stderr', async (text, said) => {
    expect(await parse(buildAdvance, 'advance', [text], { noun: 'clock' })).toEqual({
      options: { span: { months: 0, seconds: Number.parseInt(text, 10) * 60 }, output: {} },
      code: 0,
      stderr: `Note: m is minutes (${said}); for months write mo, e.g. 1mo\n`,
    });
  });

  it.each([
    // A calendar month from the clock's date, as renewals count them: the month's last day when
    // it is shorter, the same time of day.
    ['2027-01-31T10:00:00.000Z', '1mo', '2027-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', '1mo', '2028-02-29T10:00:00.000Z'],
    ['2027-03-15T00:00:00.500Z', '1mo', '2027-04-15T00:00:00.500Z'],
    ['2028-02-29T00:00:00.000Z', '1y', '2029-02-28T00:00:00.000Z'],
    ['2026-11-26T12:00:00.000Z', '1y', '2027-11-26T12:00:00.000Z'],
    ['2027-12-31T00:00:00.000Z', '2mo1d', '2028-03-01T00:00:00.000Z'],
  ])('%s + %s = %s', (from, text, to) => {
    expect(after(new Date(from), span('duration', text)).toISOString()).toBe(to);
  });

  it.each([
    [
      ['advance', '2x'],
      'billing: duration: "2x" is not a duration: a number and a unit, s m h d w mo y (e.g. 90s, 2h, 31d, 1mo, 1y)\n',
    ],
    [['advance', '-1d'], "billing: unknown option '-1d'\n"],
    [['advance', '0s'], 'billing: duration: must be at least 1s\n'],
    [['advance', '101y'], 'billing: duration: at most 100y\n'],
    [
      ['advance', '1d2'],
      'billing: duration: "1d2" is not a duration: a number and a unit, s m h d w mo y (e.g. 90s, 2h, 31d, 1mo, 1y)\n',
    ],
    [['advance', '1200mo1d'], 'billing: duration: at most 100y\n'],
    [
      ['advance', '1mon'],
      'billing: duration: "1mon" is not a duration: a number and a unit, s m h d w mo y (e.g. 90s, 2h, 31d, 1mo, 1y)\n',
    ],
    [
      ['set', 'tomorrow'],
      'billing: date-time: "tomorrow" is not an ISO 8601 date-time (e.g. 2027-01-31T00:00:00Z) or "none"\n',
    ],
    [['set', 'none'], 'billing: date-time: give a date-time (to go back, clock reset)\n'],
  ])('%j -> usage error', async ([verb, ...argv], stderr) => {
    const parsed =
      verb === 'set'
        ? await parse(buildSet, verb, argv, { noun: 'clock' })
        : await parse(buildAdvance, verb!, argv, { noun: 'clock' });
    expect(parsed).toEqual({ code: 2, stderr });
  });

  it('set, reset and show', async () => {
    expect(
      await parse(buildSet, 'set', ['2027-01-31T00:00:00Z', '--json'], { noun: 'clock' }),
    ).toEqual({
      options: { at: '2027-01-31T00:00:00.000Z', output: { json: true } },
      code: 0,
      stderr: '',
    });
    expect(await parse(buildReset, 'reset', [], { noun: 'clock' })).toMatchObject({
      options: { output: {} },
    });
    expect(await parse(buildShow, 'show', ['-o', 'tsv'], { noun: 'clock' })).toMatchObject({
      options: { output: { output: 'tsv' } },
    });
  });
});

describe('clock: options + answers -> output', () => {
  const POST = { method: 'POST', path: '/__local/clock' };

  it('show: GET without a token; the clock as key/value lines to a pipe', async () => {
    const r = await answered(
      runShow,
      { output: {} },
      { method: 'GET', path: '/__local/clock' },
      200,
      NOW,
    );
    expect(r).toEqual({
      code: 0,
      stdout: 'now\t2027-01-01T00:00:00.000Z\noffset_seconds\t3600\n',
      stderr: '',
      seen: { authorization: undefined },
    });
  });

  it('advance: sends the seconds; rows count what was processed; ✓ line on a terminal', async () => {
    const r = await answered(
      runAdvance,
      { span: { months: 0, seconds: 90 }, output: {} },
      POST,
      200,
      MOVED,
    );
    expect(r).toMatchObject({
      code: 0,
      stdout:
        'now\t2027-12-01T00:00:00.000Z\noffset_seconds\t29000000\n' +
        'processed.renewals\t3\nprocessed.checkouts_expired\t0\nprocessed.subscriptions_ended\t1\n',
      stderr: '',
      seen: withoutToken({ advance_seconds: 90 }),
    });
    const t = await answered(
      runAdvance,
      { span: { months: 0, seconds: 90 }, output: { json: true } },
      POST,
      200,
      MOVED,
      { tty: true },
    );
    expect(JSON.parse(t.stdout)).toEqual(MOVED);
    expect(stripVTControlCharacters(t.stderr)).toBe(
      '✓ The clock is at 2027-12-01T00:00:00.000Z; 3 renewals, 1 subscriptions ended.\n',
    );
  });

  it('set and reset send their moves; nothing due says so', async () => {
    const s = await answered(
      runSet,
      { at: '2027-01-31T00:00:00.000Z', output: {} },
      POST,
      200,
      NOW,
      { tty: true },
    );
    expect(s.seen.body).toEqual({ set: '2027-01-31T00:00:00.000Z' });
    expect(stripVTControlCharacters(s.stderr)).toBe(
      '✓ The clock is at 2027-01-01T00:00:00.000Z; nothing fell due.\n',
    );
    const r = await answered(runReset, { output: { json: true } }, POST, 200, NOW);
    expect(r.seen.body).toEqual({ reset: true });
  });

  it('a service without a test clock (the real one): exit 2 naming it', async () => {
    const r = await execute(
      runShow,
      { output: {} },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/__local/clock', method: 'GET' })
            .reply(404, { detail: 'Not Found' }, json),
      },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `billing: ${BASE} has no test clock: it is not a local service\n` +
        "The clock is the local service's (billing serve); point BILLING_BASE_URL at one, or use --profile local.\n",
    });
  });
});
