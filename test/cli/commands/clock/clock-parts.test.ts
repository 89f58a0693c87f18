// billing clock advance|set when the service moves the clock in parts (issue 23): it does so much
// per request and says what remains (`remaining`) and where it was going (`until`); the verb asks
// again with {set: until} until nothing remains, shows a progress line on a terminal, and prints
// the last answer with every part's processed items.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { runAdvance } from '../../../../src/cli/commands/clock/advance.js';
import { runSet } from '../../../../src/cli/commands/clock/set.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { execute, ID, ID2, json } from '../verb.js';

const UNTIL = '2127-01-01T00:00:00.000Z';
const renewal = (id: string, at: string) => ({ subscription_id: id, order_id: ID2, at });
const PARTS = [
  {
    now: '2060-01-01T00:00:00.000Z',
    offset_seconds: 1_000_000_000,
    processed: {
      checkouts_expired: [{ id: ID, at: '2026-12-01T00:00:00.000Z' }],
      renewals: [renewal(ID, '2040-01-01T00:00:00.000Z'), renewal(ID2, '2060-01-01T00:00:00.000Z')],
      subscriptions_ended: [],
    },
    remaining: 2,
    until: UNTIL,
  },
  {
    now: '2100-01-01T00:00:00.000Z',
    offset_seconds: 2_300_000_000,
    processed: {
      checkouts_expired: [],
      renewals: [renewal(ID, '2100-01-01T00:00:00.000Z')],
      subscriptions_ended: [{ id: ID2, at: '2100-01-01T00:00:00.000Z' }],
    },
    remaining: 1,
    until: UNTIL,
  },
  {
    now: UNTIL,
    offset_seconds: 3_154_000_000,
    processed: {
      checkouts_expired: [],
      renewals: [renewal(ID, '2126-01-01T00:00:00.000Z')],
      subscriptions_ended: [],
    },
    remaining: 0,
    until: UNTIL,
  },
];

/** The three parts answered in turn; the bodies the service received. */
function parts(bodies: unknown[]) {
  return (pool: ScriptedHost) => {
    for (const answer of PARTS)
      pool.intercept({ path: '/__local/clock', method: 'POST' }).reply((req) => {
        bodies.push(JSON.parse(String(req.body)));
        return { statusCode: 200, data: answer, responseOptions: json };
      });
  };
}

describe('clock: a move in parts', () => {
  it('advance asks again for the rest; the counts add up; a pipe sees no progress', async () => {
    const bodies: unknown[] = [];
    const r = await execute(
      runAdvance,
      { span: { months: 0, seconds: 3_153_600_000 }, output: {} },
      { http: parts(bodies) },
    );
    expect(bodies).toEqual([{ advance_seconds: 3_153_600_000 }, { set: UNTIL }, { set: UNTIL }]);
    expect(r).toEqual({
      code: 0,
      stdout:
        `now\t${UNTIL}\noffset_seconds\t3154000000\n` +
        'processed.checkouts_expired\t1\nprocessed.renewals\t4\nprocessed.subscriptions_ended\t1\n',
      stderr: '',
    });
  });

  it('set on a terminal: a progress line while it goes on, then the ✓ line; --json has it all', async () => {
    const bodies: unknown[] = [];
    const r = await execute(
      runSet,
      { at: UNTIL, output: { json: true } },
      { http: parts(bodies), tty: true },
    );
    expect(r.code).toBe(0);
    expect(bodies).toEqual([{ set: UNTIL }, { set: UNTIL }, { set: UNTIL }]);
    const printed = JSON.parse(r.stdout);
    expect(printed).toEqual({
      ...PARTS[2],
      processed: {
        checkouts_expired: PARTS[0]!.processed.checkouts_expired,
        renewals: PARTS.flatMap((p) => p.processed.renewals),
        subscriptions_ended: PARTS[1]!.processed.subscriptions_ended,
      },
    });
    const stderr = stripVTControlCharacters(r.stderr);
    expect(stderr).toContain('Moving the clock: 2060-01-01 of 2127-01-01, 3 processed…');
    expect(stderr).toContain('Moving the clock: 2100-01-01 of 2127-01-01, 5 processed…');
    // The progress line is cleared before the ✓ line.
    expect(r.stderr).toContain('processed…\r\x1b[K');
    expect(
      stderr.endsWith(
        `✓ The clock is at ${UNTIL}; 1 checkouts expired, 4 renewals, 1 subscriptions ended.\n`,
      ),
    ).toBe(true);
  });

  it('a service that stops making progress is an error, not an endless loop', async () => {
    const stuck = { ...PARTS[0]!, processed: { renewals: [] }, remaining: 2 };
    const r = await execute(
      runSet,
      { at: UNTIL, output: {} },
      {
        http: (pool) => {
          pool.intercept({ path: '/__local/clock', method: 'POST' }).reply(200, PARTS[0]!, json);
          pool.intercept({ path: '/__local/clock', method: 'POST' }).reply(200, stuck, json);
        },
      },
    );
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `billing: the local service moved the clock no further on its way to ${UNTIL}\n`,
    });
  });
});
