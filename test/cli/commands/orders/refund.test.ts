// billing orders refund: argv -> options or the exact usage error; options + answers -> output.
// Today's API only: the order is read (what is left to refund, whose it is), the question names
// the customer and the amount, then POST /v1/refunds/ — each request checked against the real
// 2026-10 description. The refusals are the real service's (refund/service.py at c6c3645e).
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildRefund,
  type RefundOptions,
  runRefund,
} from '../../../../src/cli/commands/orders/refund.js';
import { requestErrors } from '../../../conformance/openapi.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { REFUND } from '../refunds/fixtures.js';
import { execute, ID, ID2, json, parse, TOKEN } from '../verb.js';

const TODAY = { BILLING_API_VERSION: '2026-10' };
const ORDER = {
  id: ID,
  currency: 'usd',
  status: 'partially_refunded',
  net_amount: 6900,
  refundable_amount: 5000,
  customer: { email: 'jane@example.com', name: 'Jane' },
};
const GET = { method: 'GET', path: `/v1/orders/${ID}` };
const POST = { method: 'POST', path: '/v1/refunds/' };
const CARD =
  `id\t${ID}\n` +
  'created_at\t2026-11-20T10:00:00Z\n' +
  'status\tsucceeded\n' +
  'amount\t1900\n' +
  'tax_amount\t152\n' +
  'reason\tcustomer_request\n' +
  `order_id\t${ID2}\n` +
  'customer_id\t7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f\n' +
  'subscription_id\t\n' +
  'revoke_benefits\tfalse\n' +
  'metadata\t{"ticket":"T-1"}\n';

describe('orders refund: argv -> options', () => {
  const base = {
    id: ID,
    reason: 'customer_request',
    revokeBenefits: false,
    yes: false,
    output: {},
  };
  it.each([
    [[ID], base],
    [
      [ID.toUpperCase(), '--amount', '12.5', '--reason', 'duplicate', '--comment', 'twice', '-y'],
      { ...base, amount: 1250, reason: 'duplicate', comment: 'twice', yes: true },
    ],
    [
      [ID, '--revoke-benefits', '--json'],
      { ...base, revokeBenefits: true, output: { json: true } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildRefund, 'refund', argv, { noun: 'orders' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['nope'], 'billing: order id: "nope" is not a UUID\n'],
    [[], "billing: missing required argument 'order-id'\n"],
    [[ID, '--amount', '0'], 'billing: --amount: must be at least 0.01, got 0\n'],
    [
      [ID, '--amount', '12.345'],
      'billing: --amount: "12.345" is not an amount with at most 2 decimals (e.g. 12.50)\n',
    ],
    [
      [ID, '--reason', 'dispute_prevention'],
      "billing: option '--reason <reason>' argument 'dispute_prevention' is invalid. Allowed " +
        'choices are customer_request, duplicate, fraudulent, satisfaction_guarantee, ' +
        'service_disruption, other.\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildRefund, 'refund', argv, { noun: 'orders' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('orders refund: options + answers -> output', () => {
  const base: RefundOptions = {
    id: ID,
    reason: 'customer_request',
    revokeBenefits: false,
    yes: true,
    output: {},
  };
  /** The order read, then the refund posted; what the POST carried in `sent`. */
  const refund = (opts: RefundOptions, setup: { tty?: boolean; stdin?: string[] } = {}) => {
    const sent: { body?: unknown; authorization?: string; version?: string } = {};
    const http = (pool: ScriptedHost) => {
      pool.intercept(GET).reply(200, ORDER, json);
      pool.intercept(POST).reply((req) => {
        const headers = req.headers as Record<string, string>;
        sent.body = JSON.parse(String(req.body));
        sent.authorization = headers.authorization;
        sent.version = headers['polar-version'];
        // What the real 2026-10 description would refuse of the body.
        expect(requestErrors(req.method, req.path, sent.body)).toEqual([]);
        return { statusCode: 201, data: REFUND, responseOptions: json };
      });
    };
    return execute(runRefund, opts, { env: TODAY, http, ...setup }).then((r) => ({ ...r, sent }));
  };

  it('--amount --yes: the refund posted as given, its card printed; nothing asked', async () => {
    const r = await refund({ ...base, amount: 1900, comment: 'twice', reason: 'duplicate' });
    expect(r).toEqual({
      code: 0,
      stdout: CARD,
      stderr: '',
      sent: {
        body: { order_id: ID, amount: 1900, reason: 'duplicate', comment: 'twice' },
        authorization: `Bearer ${TOKEN}`,
        version: '2026-10',
      },
    });
  });

  it('no --amount: what is left, said first', async () => {
    const r = await refund({ ...base, revokeBenefits: true });
    expect(r.sent.body).toEqual({
      order_id: ID,
      amount: 5000,
      reason: 'customer_request',
      revoke_benefits: true,
    });
    expect(r.stderr).toBe('No --amount: refunding $50.00 USD, what is left of $69.00 USD.\n');
  });

  it('no --yes and no terminal: exit 2 once the order is read, nothing posted', async () => {
    const r = await execute(
      runRefund,
      { ...base, amount: 100, yes: false },
      { env: TODAY, http: (pool) => pool.intercept(GET).reply(200, ORDER, json) },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: orders refund sends money back: add --yes to confirm (there is no terminal to ask on)\n',
    });
  });

  it('on a terminal it names the customer and the amount: "n" sends nothing, "y" refunds', async () => {
    const question = `? Refund $50.00 USD of order ${ID} to jane@example.com? A refund cannot be undone. [y/N] `;
    const no = await execute(
      runRefund,
      { ...base, yes: false },
      {
        env: TODAY,
        tty: true,
        stdin: ['n'],
        http: (pool) => pool.intercept(GET).reply(200, ORDER, json),
      },
    );
    expect({ ...no, stderr: stripVTControlCharacters(no.stderr) }).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'No --amount: refunding $50.00 USD, what is left of $69.00 USD.\n' +
        `${question}billing: orders refund sends money back: not confirmed; nothing was changed\n`,
    });
    const yes = await refund(
      { ...base, yes: false, output: { json: true } },
      {
        tty: true,
        stdin: ['y'],
      },
    );
    expect(yes.code).toBe(0);
    expect(stripVTControlCharacters(yes.stderr)).toBe(
      'No --amount: refunding $50.00 USD, what is left of $69.00 USD.\n' +
        `${question}✓ Refunded $50.00 USD of order ${ID} to jane@example.com; the order is refunded.\n`,
    );
    expect(JSON.parse(yes.stdout)).toEqual(REFUND);
  });

  it('an order with nothing left: exit 7 before anything is posted', async () => {
    const r = await execute(runRefund, base, {
      env: TODAY,
      http: (pool) =>
        pool
          .intercept(GET)
          .reply(200, { ...ORDER, status: 'refunded', refundable_amount: 0 }, json),
    });
    expect(r).toEqual({
      code: 7,
      stdout: '',
      stderr:
        `billing: order ${ID} is already fully refunded\n` +
        `See its refunds with: billing refunds list --order ${ID}\n`,
    });
  });

  it.each([
    [
      403,
      { error: 'RefundedAlready', detail: `Order is already fully refunded: ${ID}` },
      7,
      `billing: order ${ID} is already fully refunded\n` +
        `See its refunds with: billing refunds list --order ${ID}\n`,
    ],
    [
      400,
      {
        error: 'RevokeSubscriptionBenefitsProhibited',
        detail: 'Subscription benefits can only be revoked upon cancellation',
      },
      7,
      "billing: a subscription's benefits are not revoked by a refund, only when it ends\n" +
        'Refund without --revoke-benefits, and end the subscription: billing subs revoke <subscription-id>\n',
    ],
    [
      422,
      {
        error: 'RequestValidationError',
        detail: [
          {
            type: 'value_error',
            loc: ['body', 'amount'],
            msg: 'Refund amount exceeds refundable amount',
            input: 9999,
          },
        ],
      },
      2,
      'billing: the server rejected the request (422)\n  amount: Refund amount exceeds refundable amount\n',
    ],
  ])('the service answers %i: exit %#', async (status, body, code, stderr) => {
    const r = await execute(
      runRefund,
      { ...base, amount: 9999 },
      {
        env: TODAY,
        http: (pool) => {
          pool.intercept(GET).reply(200, ORDER, json);
          pool.intercept(POST).reply(status, body, json);
        },
      },
    );
    expect(r).toEqual({ code, stdout: '', stderr });
  });

  it('an unknown order: exit 6', async () => {
    const r = await execute(runRefund, base, {
      env: TODAY,
      http: (pool) =>
        pool.intercept(GET).reply(404, { error: 'ResourceNotFound', detail: 'Not found' }, json),
    });
    expect(r).toEqual({ code: 6, stdout: '', stderr: `billing: order ${ID} not found\n` });
  });

  it("on the seed's generation: one line, nothing sent", async () => {
    expect(await execute(runRefund, base)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: refunds need today's API (2026-04 or later): set api_version, or pass " +
        '--api-version 2026-10\n',
    });
  });
});
