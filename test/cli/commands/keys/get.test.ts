// billing keys get: argv -> options (or the exact usage error); options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildGet, type GetOptions, runGet } from '../../../../src/cli/commands/keys/get.js';
import { CUSTOMER_TOKEN, execute, ID, ID2, json, ORG, parse, type Setup, TOKEN } from '../verb.js';

describe('keys get: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, output: {} }],
    [[ID, '--json'], { id: ID, output: { json: true } }],
    [
      [ID, '-o', 'json', '--fields', 'id,activations'],
      { id: ID, output: { output: 'json', fields: 'id,activations' } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'keys' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['key_1'], 'billing: license key id: "key_1" is not a UUID\n'],
    [
      ['ACME-2B022539-21B2-4769-A6FC-0385306A8AE3'],
      'billing: license key id: "ACME-2B022539-21B2-4769-A6FC-0385306A8AE3" is not a UUID\n',
    ],
    [[], "billing: missing required argument 'id'\n"],
    [[ID, '--json', '-o', 'ndjson'], 'billing: --json conflicts with --output ndjson\n'],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'keys' })).toEqual({ code: 2, stderr });
  });
});

describe('keys get: options + answers -> output', () => {
  const KEY = {
    id: ID,
    display_key: '****-8AE3',
    status: 'granted',
    customer: { email: 'jane@example.com' },
    organization_id: ORG,
    benefit_id: ID2,
    limit_activations: 3,
    usage: 2,
    limit_usage: 10,
    validations: 7,
    last_validated_at: '2026-11-20T10:00:00Z',
    expires_at: null,
    activations: [
      { id: ID2, label: 'laptop', created_at: '2026-11-01T00:00:00Z', meta: { os: 'linux' } },
    ],
  };
  const CARD =
    `id\t${ID}\n` +
    'display_key\t****-8AE3\n' +
    'status\tgranted\n' +
    'customer.email\tjane@example.com\n' +
    `organization_id\t${ORG}\n` +
    `benefit_id\t${ID2}\n` +
    'limit_activations\t3\n' +
    'usage\t2\n' +
    'limit_usage\t10\n' +
    'validations\t7\n' +
    'last_validated_at\t2026-11-20T10:00:00Z\n' +
    'expires_at\t\n';

  /** Answers the customer-portal GET; returns the result and the Authorization header sent. */
  async function get(
    output: GetOptions['output'],
    status: number,
    body: object,
    setup: Setup = {},
  ) {
    let authorization: string | undefined;
    const r = await execute(
      runGet,
      { id: ID, output },
      {
        ...setup,
        http: (pool) =>
          pool
            .intercept({ path: `/v1/customer-portal/license-keys/${ID}`, method: 'GET' })
            .reply((req) => {
              authorization = (req.headers as Record<string, string>).authorization;
              return { statusCode: status, data: body, responseOptions: json };
            }),
      },
    );
    return { ...r, authorization };
  }

  it('reads through the customer portal with the customer token; a pipe gets the card only', async () => {
    expect(await get({}, 200, KEY, { env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN } })).toEqual({
      code: 0,
      stdout: CARD,
      stderr: '',
      authorization: `Bearer ${CUSTOMER_TOKEN}`,
    });
  });

  it('--json: the key with its activations, as sent (the seller token without a session)', async () => {
    expect(await get({ json: true }, 200, KEY)).toEqual({
      code: 0,
      stdout: `${JSON.stringify(KEY, null, 2)}\n`,
      stderr: '',
      authorization: `Bearer ${TOKEN}`,
    });
  });

  it('on a terminal, the activations follow the card as a table', async () => {
    const r = await get({}, 200, KEY, {
      tty: true,
      env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN },
    });
    expect(r.code).toBe(0);
    const lines = stripVTControlCharacters(r.stdout).split('\n');
    expect(lines.slice(-5)).toEqual([
      '',
      'Activations:',
      'ACTIVATION                            LABEL   CREATED      META',
      `${ID2}  laptop  22 days ago  {"os":"linux"}`,
      '',
    ]);
    expect(lines[0]).toBe(`ID                ${ID}`);
  });

  it('a 404 says the key is read through the customer portal (exit 6)', async () => {
    const r = await get({}, 404, { error: 'ResourceNotFound', detail: 'Not found' });
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 6,
      stdout: '',
      stderr:
        `billing: license key ${ID} not found\n` +
        'keys get reads through the customer portal: use the customer session that `checkout confirm` stored, or BILLING_CUSTOMER_TOKEN.\n',
    });
  });

  it('a rejected customer session: exit 4', async () => {
    const r = await get(
      {},
      401,
      { error: 'invalid_token' },
      { env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN } },
    );
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 4,
      stdout: '',
      stderr:
        'billing: the customer session in BILLING_CUSTOMER_TOKEN was rejected: it has expired or was revoked\n' +
        'Confirm a checkout again (billing checkout confirm …), or set BILLING_CUSTOMER_TOKEN to a customer session token.\n',
    });
  });
});
