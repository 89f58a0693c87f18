// billing subs resume: argv -> options (or the exact usage error); options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildResume,
  type ResumeOptions,
  runResume,
} from '../../../../src/cli/commands/subs/resume.js';
import { CUSTOMER_TOKEN, execute, ID, ID2, json, parse, type Setup, TOKEN } from '../verb.js';

describe('subs resume: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, asCustomer: false, output: {} }],
    [[ID, '--as-customer'], { id: ID, asCustomer: true, output: {} }],
    [[ID, '--json'], { id: ID, asCustomer: false, output: { json: true } }],
    [
      [ID, '-o', 'tsv', '--fields', 'id,cancel_at_period_end'],
      { id: ID, asCustomer: false, output: { output: 'tsv', fields: 'id,cancel_at_period_end' } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildResume, 'resume', argv, { noun: 'subs' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['sub_1'], 'billing: subscription id: "sub_1" is not a UUID\n'],
    [[], "billing: missing required argument 'id'\n"],
    [[ID, '--now'], "billing: unknown option '--now'\n"],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildResume, 'resume', argv, { noun: 'subs' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('subs resume: options + answers -> output', () => {
  const SUB = {
    id: ID,
    status: 'active',
    product: { name: 'Pro' },
    price_id: ID2,
    amount: 1000,
    currency: 'usd',
    recurring_interval: 'month',
    current_period_start: '2026-11-01T00:00:00Z',
    current_period_end: '2026-12-01T00:00:00Z',
    cancel_at_period_end: false,
    customer: { email: 'jane@example.com' },
  };
  const base: ResumeOptions = { id: ID, asCustomer: false, output: {} };

  /** Answers one PATCH of `path`; returns the result and what the server saw. */
  async function resume(
    opts: ResumeOptions,
    path: string,
    status: number,
    body: object,
    setup: Setup = {},
  ) {
    const seen: { authorization?: string; body?: unknown } = {};
    const r = await execute(runResume, opts, {
      ...setup,
      http: (pool) =>
        pool.intercept({ path, method: 'PATCH' }).reply((req) => {
          seen.authorization = (req.headers as Record<string, string>).authorization;
          seen.body = JSON.parse(String(req.body));
          return { statusCode: status, data: body, responseOptions: json };
        }),
    });
    return { ...r, seen };
  }

  it('as the seller: cancel_at_period_end false, then the card', async () => {
    expect(await resume(base, `/v1/subscriptions/${ID}`, 200, SUB)).toEqual({
      code: 0,
      stdout:
        `id\t${ID}\n` +
        'status\tactive\n' +
        'product.name\tPro\n' +
        `price_id\t${ID2}\n` +
        'amount\t1000\n' +
        'recurring_interval\tmonth\n' +
        'current_period_start\t2026-11-01T00:00:00Z\n' +
        'current_period_end\t2026-12-01T00:00:00Z\n' +
        'cancel_at_period_end\tfalse\n' +
        'customer.email\tjane@example.com\n',
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}`, body: { cancel_at_period_end: false } },
    });
  });

  it('--as-customer: the customer-portal PATCH with the customer token', async () => {
    const r = await resume(
      { ...base, asCustomer: true, output: { json: true } },
      `/v1/customer-portal/subscriptions/${ID}`,
      200,
      SUB,
      { env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN } },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify(SUB, null, 2)}\n`,
      stderr: '',
      seen: { authorization: `Bearer ${CUSTOMER_TOKEN}`, body: { cancel_at_period_end: false } },
    });
  });

  it('on a terminal, the ✓ line names the renewal day', async () => {
    const r = await resume(
      { ...base, output: { json: true } },
      `/v1/subscriptions/${ID}`,
      200,
      SUB,
      {
        tty: true,
      },
    );
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `✓ Subscription ${ID} continues; it renews on 2026-12-01.\n`,
    );
  });

  it.each([
    [
      403,
      {
        error: 'AlreadyCanceledSubscription',
        detail: 'This subscription is already canceled or will be at the end of the period.',
      },
      7,
      `billing: subscription ${ID} has already ended; only a cancellation at period end can be undone\n`,
    ],
    [
      404,
      { error: 'ResourceNotFound', detail: 'Not found' },
      6,
      `billing: subscription ${ID} not found\n`,
    ],
    [
      401,
      { error: 'invalid_token' },
      4,
      'billing: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked\n' +
        'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    ],
  ])('a %i: exit code and message', async (status, body, code, stderr) => {
    const r = await resume(base, `/v1/subscriptions/${ID}`, status, body);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code,
      stdout: '',
      stderr,
    });
  });
});
