// billing customers state: argv -> options or the exact usage error; options + answers -> output.
// Today's API only (GET /v1/customers/{id}/state and /v1/customers/external/{id}/state, the
// 2026-10 CustomerState); on the seed's generation one line says what to run, nothing is sent.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildState,
  runState,
  type StateOptions,
} from '../../../../src/cli/commands/customers/state.js';
import { requestErrors } from '../../../conformance/openapi.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { execute, ID, ID2, json, NOT_FOUND, page, parse, type Setup } from '../verb.js';
import { JANE, lookup } from './fixtures.js';

const TODAY = { BILLING_API_VERSION: '2026-10' };
const PRODUCT = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const BENEFIT = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const GRANT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const SUBSCRIPTION = {
  id: ID2,
  created_at: '2026-10-23T12:00:00Z',
  modified_at: null,
  custom_field_data: {},
  metadata: {},
  status: 'active',
  amount: 1900,
  currency: 'usd',
  recurring_interval: 'month',
  current_period_start: '2026-11-20T12:00:00Z',
  current_period_end: '2026-12-20T12:00:00Z',
  trial_start: null,
  trial_end: null,
  cancel_at_period_end: false,
  canceled_at: null,
  started_at: '2026-10-20T12:00:00Z',
  ends_at: null,
  product_id: PRODUCT,
  discount_id: null,
  meters: [],
};
const GRANTED = {
  id: GRANT,
  created_at: '2026-10-20T12:00:00Z',
  modified_at: null,
  granted_at: '2026-10-20T12:00:00Z',
  benefit_id: BENEFIT,
  benefit_type: 'custom',
  benefit_metadata: {},
  properties: {},
};
const STATE = {
  ...JANE,
  external_id: 'user_4711',
  type: 'individual',
  billing_name: null,
  locale: null,
  default_payment_method_id: null,
  deleted_at: null,
  first_user_event_at: null,
  active_subscriptions: [SUBSCRIPTION],
  granted_benefits: [GRANTED],
  active_meters: [],
};

/** The TSV card: the customer's rows, then each list as JSON. */
const CARD =
  `id\t${ID}\nemail\tjane@example.com\ntype\tindividual\nexternal_id\tuser_4711\n` +
  'email_verified\tfalse\nname\tJane Doe\ntax_id\t\nbilling_address\t\n' +
  `organization_id\t${JANE.organization_id}\ncreated_at\t2026-11-20T10:00:00Z\nmetadata\t{}\n` +
  `active_subscriptions\t${JSON.stringify([SUBSCRIPTION])}\n` +
  `granted_benefits\t${JSON.stringify([GRANTED])}\n` +
  'active_meters\t[]\n';

describe('customers state: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, output: {} }],
    [['Jane@Example.com', '--json'], { id: 'jane@example.com', output: { json: true } }],
    [
      ['--external-id', 'user 4711', '-o', 'ndjson'],
      { externalId: 'user 4711', output: { output: 'ndjson' } },
    ],
    [
      [ID, '--fields', 'email,active_subscriptions.0.amount,granted_benefits.0.benefit_type'],
      {
        id: ID,
        output: { fields: 'email,active_subscriptions.0.amount,granted_benefits.0.benefit_type' },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildState, 'state', argv, { noun: 'customers' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], 'billing: give a customer (id or email), or --external-id <id>\n'],
    [[ID, '--external-id', 'user_4711'], 'billing: give a customer or --external-id, not both\n'],
    [['jane'], 'billing: customer: "jane" is neither a customer id (UUID) nor an email\n'],
    [
      ['--external-id', ' '],
      'billing: --external-id: an external id is one line of 1 to 256 characters\n',
    ],
    [
      [ID, '--fields', 'active_subscriptions.price'],
      'billing: --fields: "active_subscriptions.price" is not a field here\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    const r = await parse(buildState, 'state', argv, { noun: 'customers' });
    expect(r.code).toBe(2);
    // A --fields refusal goes on to list the fields there are.
    expect(r.stderr.startsWith(stderr)).toBe(true);
  });
});

describe('customers state: options + answers -> output', () => {
  /** The state answered at `path`; every request checked against the 2026-10 description. */
  const state = (
    opts: StateOptions,
    path: string,
    setup: Setup & {
      before?: (pool: ScriptedHost) => void;
      after?: (pool: ScriptedHost) => void;
    } = {},
    status = 200,
    body: object = STATE,
  ) => {
    const refused: string[] = [];
    const versions = new Set<string | undefined>();
    const check = (req: { method: string; path: string; headers: unknown }) => {
      const headers = req.headers as Record<string, string>;
      versions.add(headers['polar-version']);
      refused.push(...requestErrors(req.method, req.path, undefined));
    };
    return execute(runState, opts, {
      ...setup,
      env: { ...TODAY, ...setup.env },
      http: (pool) => {
        setup.before?.(pool);
        pool.intercept({ method: 'GET', path }).reply((req) => {
          check(req);
          return { statusCode: status, data: body, responseOptions: json };
        });
        setup.after?.(pool);
      },
    }).then((r) => {
      expect(refused, 'what the 2026-10 description refuses').toEqual([]);
      expect([...versions]).toEqual(['2026-10']);
      return r;
    });
  };

  it('by id: one request, the card with each list as JSON to a pipe', async () => {
    const r = await state({ id: ID, output: {} }, `/v1/customers/${ID}/state`);
    expect(r).toEqual({ code: 0, stdout: CARD, stderr: '' });
  });

  it('by email: looked up exactly, then its state by id; --json is the object', async () => {
    const r = await state(
      { id: 'jane@example.com', output: { json: true } },
      `/v1/customers/${ID}/state`,
      {
        before: (pool) => lookup(pool, 'jane@example.com', [JANE]),
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(STATE);
  });

  it('by external id: the id is one path segment; NDJSON is one line', async () => {
    const r = await state(
      { externalId: 'user 47/11', output: { output: 'ndjson' } },
      '/v1/customers/external/user%2047%2F11/state',
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify(STATE)}\n`, stderr: '' });
  });

  it('--fields: list members by index', async () => {
    const r = await state(
      {
        id: ID,
        output: { fields: 'email,active_subscriptions.0.amount,granted_benefits.0.benefit_type' },
      },
      `/v1/customers/${ID}/state`,
    );
    expect(r).toEqual({
      code: 0,
      stdout:
        'email\tjane@example.com\nactive_subscriptions.0.amount\t1900\n' +
        'granted_benefits.0.benefit_type\tcustom\n',
      stderr: '',
    });
  });

  it('on a terminal: the card, then its subscriptions and benefits by name', async () => {
    const r = await state({ id: ID, output: {} }, `/v1/customers/${ID}/state`, {
      tty: true,
      after: (pool) => {
        pool
          .intercept({ path: `/v1/products/?id=${PRODUCT}&page=1&limit=100` })
          .reply(200, page([{ id: PRODUCT, name: 'Acme Pro' }]), json);
        pool
          .intercept({ path: `/v1/benefits/?id=${BENEFIT}&page=1&limit=100` })
          .reply(200, page([{ id: BENEFIT, description: 'Priority support' }]), json);
      },
    });
    expect(r.code).toBe(0);
    const lines = stripVTControlCharacters(r.stdout).split('\n');
    expect(lines.slice(11, 14)).toEqual([
      'Subscriptions    1 item',
      'Benefits         1 item',
      'Meters           -',
    ]);
    expect(lines.slice(14)).toEqual([
      '',
      'Active subscriptions:',
      'ID                                    STATUS  PRODUCT   AMOUNT      EVERY  RENEWS      CANCELS',
      `${ID2}  active  Acme Pro  $19.00 USD  month  in 27 days  no`,
      '',
      'Granted benefits:',
      'BENEFIT                               TYPE    DESCRIPTION       GRANTED',
      `${BENEFIT}  custom  Priority support  1 month ago`,
      '',
    ]);
  });

  it('on a terminal, names it may not read: the ids instead', async () => {
    const r = await state({ id: ID, output: {} }, `/v1/customers/${ID}/state`, {
      tty: true,
      after: (pool) => {
        pool
          .intercept({ path: `/v1/products/?id=${PRODUCT}&page=1&limit=100` })
          .reply(403, { error: 'NotPermitted', detail: 'Not permitted' }, json);
        pool
          .intercept({ path: `/v1/benefits/?id=${BENEFIT}&page=1&limit=100` })
          .reply(200, page([]), json);
      },
    });
    expect(r.code).toBe(0);
    const text = stripVTControlCharacters(r.stdout);
    // The product's id where its name would be (cut to the terminal's width).
    expect(text).toContain(`${ID2}  active  ${PRODUCT.slice(0, 13)}…`);
    expect(text).toContain(`${BENEFIT}  custom  -`);
  });

  it('an external id nobody has: exit 6 naming it', async () => {
    const r = await state(
      { externalId: 'user_0', output: {} },
      '/v1/customers/external/user_0/state',
      {},
      404,
      NOT_FOUND,
    );
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr: 'billing: customer with external id user_0 not found\n',
    });
  });

  it("on the seed's generation: one line with the command to run, nothing sent", async () => {
    for (const [opts, again] of [
      [{ id: 'jane@example.com', output: {} }, 'jane@example.com'],
      [{ externalId: 'user 4711', output: {} }, '--external-id "user 4711"'],
    ] as const) {
      expect(await execute(runState, opts)).toEqual({
        code: 2,
        stdout: '',
        stderr:
          "billing: customers state needs today's API (2026-04 or later): " +
          `billing customers state ${again} --api-version 2026-10\n`,
      });
    }
  });
});
