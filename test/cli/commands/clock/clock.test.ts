// billing clock show|advance|set|reset: argv -> options; options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildAdvance, runAdvance } from '../../../../src/cli/commands/clock/advance.js';
import { duration } from '../../../../src/cli/commands/clock/common.js';
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
    ['90s', 90],
    ['2h', 7200],
    ['31d', 2_678_400],
    ['2w', 1_209_600],
    ['1y', 31_536_000],
    ['1d12h', 129_600],
    [' 1d 30m ', 88_200],
  ])('advance %s = %i seconds', async (text, seconds) => {
    expect(duration('duration', text)).toBe(seconds);
    expect(await parse(buildAdvance, 'advance', [text], { noun: 'clock' })).toEqual({
      options: { seconds, output: {} },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['advance', '2x'],
      'billing: duration: "2x" is not a duration: a number and a unit, s m h d w y (e.g. 90s, 2h, 31d, 1y)\n',
    ],
    [['advance', '-1d'], "billing: unknown option '-1d'\n"],
    [['advance', '0s'], 'billing: duration: must be at least 1s\n'],
    [['advance', '101y'], 'billing: duration: at most 100y\n'],
    [
      ['advance', '1d2'],
      'billing: duration: "1d2" is not a duration: a number and a unit, s m h d w y (e.g. 90s, 2h, 31d, 1y)\n',
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
    const r = await answered(runAdvance, { seconds: 90, output: {} }, POST, 200, MOVED);
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
      { seconds: 90, output: { json: true } },
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
