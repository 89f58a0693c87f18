// billing subs cancel: argv -> options (or the exact usage error); options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildCancel,
  type CancelOptions,
  runCancel,
} from '../../../../src/cli/commands/subs/cancel.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import {
  answered,
  CUSTOMER_TOKEN,
  execute,
  ID,
  json,
  NOT_FOUND,
  page,
  parse,
  TOKEN,
} from '../verb.js';
import {
  ALREADY_CANCELED,
  expectSellerPatch,
  PORTAL,
  QUESTION,
  refused,
  SELLER,
  SUB,
  SUBS_PAGE,
} from './fixtures.js';

describe('subs cancel: argv -> options', () => {
  const base = { id: ID, now: false, yes: false, asCustomer: false, output: {} };
  it.each([
    [[ID.toUpperCase()], base],
    [
      [ID, '--now', '--yes', '--reason', 'too_expensive', '--comment', 'Moving to a team plan'],
      {
        ...base,
        now: true,
        yes: true,
        reason: 'too_expensive',
        comment: 'Moving to a team plan',
      },
    ],
    [[ID, '--now', '-y'], { ...base, now: true, yes: true }],
    [
      [ID, '--mine', '--reason', 'unused', '--json'],
      { ...base, asCustomer: true, reason: 'unused', output: { json: true } },
    ],
    // The old name still works (not shown in --help).
    [
      [ID, '--as-customer', '--reason', 'unused', '--json'],
      { ...base, asCustomer: true, reason: 'unused', output: { json: true } },
    ],
    [[ID, '--comment', 'x'.repeat(1000)], { ...base, comment: 'x'.repeat(1000) }],
    [
      [ID, '-o', 'json', '--fields', 'id,status'],
      { ...base, output: { output: 'json', fields: 'id,status' } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildCancel, 'cancel', argv, { noun: 'subs' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['sub_1'], 'billing: subscription id: "sub_1" is not a UUID\n'],
    [
      [ID, '--as-customer', '--now'],
      'billing: --now is for the seller; customers cancel at the end of the period\n',
    ],
    [[ID, '--comment', 'x'.repeat(1001)], 'billing: --comment: at most 1000 characters\n'],
    [
      [ID, '--reason', 'bored'],
      "billing: option '--reason <reason>' argument 'bored' is invalid. Allowed choices are " +
        'customer_service, low_quality, missing_features, switched_service, too_complex, ' +
        'too_expensive, unused, other.\n',
    ],
    [[], "billing: missing required argument 'id'\n"],
    [[ID, '--min'], "billing: unknown option '--min'\n(Did you mean --mine?)\n"],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildCancel, 'cancel', argv, { noun: 'subs' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('subs cancel: options + answers -> output', () => {
  const CANCELING = { ...SUB, cancel_at_period_end: true };
  const ENDED = { ...CANCELING, status: 'canceled', ends_at: '2026-11-23T12:00:00Z' };
  const base: CancelOptions = { id: ID, now: false, yes: false, asCustomer: false, output: {} };
  /** What the server sees of `base`: the seller's cancellation at period end. */
  const AT_PERIOD_END = {
    authorization: `Bearer ${TOKEN}`,
    body: {
      cancel_at_period_end: true,
      customer_cancellation_reason: null,
      customer_cancellation_comment: null,
    },
  };

  it('at period end, as the seller: the card of the answer', async () => {
    await expectSellerPatch(runCancel, base, CANCELING, AT_PERIOD_END);
  });

  it('--now --yes revokes it, with the reason and comment', async () => {
    const r = await answered(
      runCancel,
      {
        ...base,
        now: true,
        yes: true,
        reason: 'too_expensive',
        comment: 'Too dear',
        output: { json: true },
      },
      SELLER,
      200,
      ENDED,
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify(ENDED, null, 2)}\n`,
      stderr: '',
      seen: {
        authorization: `Bearer ${TOKEN}`,
        body: {
          revoke: true,
          customer_cancellation_reason: 'too_expensive',
          customer_cancellation_comment: 'Too dear',
        },
      },
    });
  });

  it('--as-customer: the customer-portal PATCH with its own field names and token', async () => {
    const r = await answered(
      runCancel,
      {
        ...base,
        asCustomer: true,
        comment: 'Moving',
        output: { fields: 'id,cancel_at_period_end' },
      },
      PORTAL,
      200,
      CANCELING,
      { env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN } },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `id\t${ID}\ncancel_at_period_end\ttrue\n`,
      stderr: '',
      seen: {
        authorization: `Bearer ${CUSTOMER_TOKEN}`,
        body: {
          cancel_at_period_end: true,
          cancellation_reason: null,
          cancellation_comment: 'Moving',
        },
      },
    });
  });

  it('--now without --yes and no terminal: exit 2 asking for --yes, nothing sent', async () => {
    expect(await execute(runCancel, { ...base, now: true })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: subs cancel --now ends the subscription at once: add --yes to confirm ' +
        '(there is no terminal to ask on)\n',
    });
  });

  const listed = (pool: ScriptedHost) =>
    pool.intercept({ path: SUBS_PAGE }).reply(200, page([SUB]), json);

  it('--now on a terminal names whose and what: "n" changes nothing', async () => {
    expect(
      await execute(runCancel, { ...base, now: true }, { tty: true, stdin: ['n'], http: listed }),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr: `${QUESTION}billing: subs cancel --now ends the subscription at once: not confirmed; nothing was changed\n`,
    });
  });

  it('--now on a terminal: "y" revokes it and says so', async () => {
    let body: unknown;
    const r = await execute(
      runCancel,
      { ...base, now: true, output: { json: true } },
      {
        tty: true,
        stdin: ['y'],
        http: (pool) => {
          listed(pool);
          pool
            .intercept({
              ...SELLER,
              body: (b) => {
                body = JSON.parse(b);
                return true;
              },
            })
            .reply(200, ENDED, json);
        },
      },
    );
    expect(body).toEqual({
      revoke: true,
      customer_cancellation_reason: null,
      customer_cancellation_comment: null,
    });
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(`${QUESTION}✓ Subscription ${ID} has ended.\n`);
  });

  it('at period end on a terminal: the ✓ line names the day it ends', async () => {
    const r = await answered(
      runCancel,
      { ...base, output: { json: true } },
      SELLER,
      200,
      CANCELING,
      {
        tty: true,
      },
    );
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `✓ Subscription ${ID} will end with its current period (2026-12-01).\n`,
    );
  });

  it.each([
    [
      403,
      ALREADY_CANCELED,
      7,
      // Its state could not be read (nothing answers the lookup here): which, it cannot say.
      `billing: subscription ${ID} has ended, or ends with its period: cannot cancel it\n` +
        `See which: billing subs get ${ID}\n`,
    ],
    [404, NOT_FOUND, 6, `billing: subscription ${ID} not found\n`],
    [
      403,
      { error: 'NotPermitted', detail: 'You do not have permission to update this subscription.' },
      5,
      'billing: You do not have permission to update this subscription.\n',
    ],
  ])('a %i %j: exit code and message', refused(runCancel, base, AT_PERIOD_END));
});

// Advice must lead somewhere (issue 24): the one refusal the service has for both states is
// told from the subscription's state, read after it, with a way forward that works there.
describe('subs cancel refused: the advice fits the state', () => {
  const base: CancelOptions = { id: ID, now: false, yes: false, asCustomer: false, output: {} };
  const today = { env: { BILLING_API_VERSION: '2026-10' } };
  const refusedThen = (sub: object, options = base) =>
    execute(runCancel, options, {
      ...today,
      http: (pool) => {
        pool.intercept(SELLER).reply(403, ALREADY_CANCELED, json);
        pool.intercept({ path: `/v1/subscriptions/${ID}`, method: 'GET' }).reply(200, sub, json);
      },
    });

  it('ended: no resume offered (it would be refused too)', async () => {
    const r = await refusedThen({ ...SUB, status: 'canceled', ended_at: '2026-11-01T00:00:00Z' });
    expect(r).toEqual({
      code: 7,
      stdout: '',
      stderr:
        `billing: subscription ${ID} has ended (canceled): cannot cancel it\n` +
        'An ended subscription cannot come back; the customer can buy again through a new checkout: billing checkout create --help\n',
    });
    expect(r.stderr).not.toContain('resume');
  });

  it('set to end with its period: end it now, or keep it', async () => {
    const r = await refusedThen({
      ...SUB,
      status: 'active',
      cancel_at_period_end: true,
      ends_at: '2026-12-20T00:00:00Z',
    });
    expect(r.stderr).toBe(
      `billing: subscription ${ID} is already canceled: it ends with its period (2026-12-20)\n` +
        `To end it now instead: billing subs cancel ${ID} --now --yes; to keep it: billing subs resume ${ID}\n`,
    );
  });
});
