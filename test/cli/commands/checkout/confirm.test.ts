// billing checkout confirm: argv -> usage error or the exact POST (public: no Authorization).
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildConfirm,
  type ConfirmOptions,
  runConfirm,
} from '../../../../src/cli/commands/checkout/confirm.js';
import { fileStorage, fileTokenStore } from '../fixtures.js';
import { ID, useRecorder } from '../harness.js';
import {
  CUSTOMER_TOKEN,
  execute,
  ID2,
  json,
  NOT_FOUND,
  parse,
  type Setup,
  TOKEN,
} from '../verb.js';
import { CHECKOUT, checkoutCard } from './fixtures.js';

const rec = useRecorder();
const SECRET = 'polar_c_l0IuINmNgJ18zxjAHvjiMedst1DwXcHSq6x7k39tbb6';

describe('checkout confirm', () => {
  it.each([
    [['nope'], 'billing: client secret: expected polar_c_… or a checkout session id (UUID)\n'],
    [
      ['polar_c_bad-secret'],
      'billing: client secret: expected polar_c_… or a checkout session id (UUID)\n',
    ],
    [['0b4c2a7e-nope'], 'billing: checkout id: "0b4c2a7e-nope" is not a UUID\n'],
    [[SECRET, '--data', 'null'], 'billing: --data: must be a JSON object\n'],
    [
      [SECRET, '--fields', ''],
      'billing: invalid --fields: (empty)\nUse comma-separated dot paths, e.g. --fields id,status,customer.email\n',
    ],
    [[], "billing: missing required argument 'client-secret'\n"],
  ])('%j -> usage error', async (args, stderr) => {
    await rec.usage(['checkout', 'confirm', ...args], stderr);
  });

  it('sends the flags as body fields over --data, without a token', async () => {
    const sent = await rec.request([
      'checkout',
      'confirm',
      SECRET,
      '--data',
      '{"customer_name": "Data", "custom_field_data": {"company": "Initech"}}',
      '--customer-email',
      'jane@example.com',
      '--customer-name',
      'Jane',
      '--discount-code',
      'LAUNCH10',
      '--confirmation-token',
      'tok_test',
    ]);
    expect(sent).toEqual({
      method: 'POST',
      path: `/v1/checkouts/custom/client/${SECRET}/confirm`,
      query: [],
      body: {
        customer_name: 'Jane',
        custom_field_data: { company: 'Initech' },
        customer_email: 'jane@example.com',
        discount_code: 'LAUNCH10',
        confirmation_token_id: 'tok_test',
      },
    });
  });

  it('given a session id, looks the secret up with the seller token first', async () => {
    const sent = await rec.request(['checkout', 'confirm', ID.toUpperCase()]);
    expect(sent).toMatchObject({ method: 'GET', path: `/v1/checkouts/custom/${ID}` });
    expect(sent.authorization).toMatch(/^Bearer polar_pat_/);
  });
});

describe('checkout confirm: argv -> options', () => {
  it.each([
    [
      [SECRET, '--customer-email', 'jane@example.com', '--confirmation-token', 'tok_test'],
      {
        checkout: { secret: SECRET },
        body: { customer_email: 'jane@example.com', confirmation_token_id: 'tok_test' },
        output: {},
      },
    ],
    [[ID.toUpperCase()], { checkout: { id: ID }, body: {}, output: {} }],
    [
      [
        SECRET,
        '--data',
        '{"customer_name": "Data", "custom_field_data": {"company": "Initech"}}',
        '--customer-name',
        'Jane',
        '--discount-code',
        'LAUNCH10',
        '--json',
      ],
      {
        checkout: { secret: SECRET },
        body: {
          customer_name: 'Jane',
          custom_field_data: { company: 'Initech' },
          discount_code: 'LAUNCH10',
        },
        output: { json: true },
      },
    ],
    [
      [ID, '-o', 'json', '--fields', 'id,status,customer_session_token'],
      {
        checkout: { id: ID },
        body: {},
        output: { output: 'json', fields: 'id,status,customer_session_token' },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildConfirm, 'confirm', argv, { noun: 'checkout' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it('--billing-address: the parts as the address; a comma inside a part stays in it', async () => {
    const argv = [
      SECRET,
      '--customer-name',
      'Jane Doe',
      '--billing-address',
      'country=us, line1=1 Main St, Apt 2,city=Chicago,postal_code=60601,state=us-il',
    ];
    expect(await parse(buildConfirm, 'confirm', argv, { noun: 'checkout' })).toEqual({
      options: {
        checkout: { secret: SECRET },
        body: {
          customer_name: 'Jane Doe',
          customer_billing_address: {
            country: 'US',
            line1: '1 Main St, Apt 2',
            city: 'Chicago',
            postal_code: '60601',
            state: 'US-IL',
          },
        },
        output: {},
      },
      code: 0,
      stderr: '',
    });
  });

  it('--data - reads the body from stdin', async () => {
    expect(
      await parse(buildConfirm, 'confirm', [SECRET, '--data', '-'], {
        noun: 'checkout',
        stdin: ['{"customer_email": "jane@example.com"}'],
      }),
    ).toEqual({
      options: {
        checkout: { secret: SECRET },
        body: { customer_email: 'jane@example.com' },
        output: {},
      },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['nope'], 'billing: client secret: expected polar_c_… or a checkout session id (UUID)\n'],
    [
      ['polar_c_bad-secret'],
      'billing: client secret: expected polar_c_… or a checkout session id (UUID)\n',
    ],
    [['0b4c2a7e-nope'], 'billing: checkout id: "0b4c2a7e-nope" is not a UUID\n'],
    [[SECRET, '--data', '[]'], 'billing: --data: must be a JSON object\n'],
    // --billing-address, checked before anything is sent: one line naming the part.
    [
      [SECRET, '--billing-address', 'line1=1 Main St,city=Chicago'],
      'billing: --billing-address: country is missing (a two-letter code, e.g. country=US)\n',
    ],
    [
      [SECRET, '--billing-address', 'country=USA'],
      'billing: --billing-address: country must be a two-letter code such as US, not "USA"\n',
    ],
    [
      [SECRET, '--billing-address', 'country=US,state=IL'],
      'billing: --billing-address: state of a US address is written US-XX, e.g. state=US-IL, not "IL"\n',
    ],
    [
      [SECRET, '--billing-address', 'country=US,zip=60601'],
      'billing: --billing-address: unknown part "zip" (parts: country, line1, line2, city, postal_code, state)\n',
    ],
    [
      [SECRET, '--billing-address', 'country=US,city='],
      'billing: --billing-address: city is empty (write city=…)\n',
    ],
    [
      [SECRET, '--billing-address', 'country=US,country=CA'],
      'billing: --billing-address: country is given twice\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildConfirm, 'confirm', argv, { noun: 'checkout' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('checkout confirm: options + answers -> output', () => {
  const CONFIRMED = { ...CHECKOUT, status: 'confirmed', customer_session_token: CUSTOMER_TOKEN };
  const CARD = checkoutCard(CONFIRMED);
  const CONFIRM = `/v1/checkouts/custom/client/${SECRET}/confirm`;
  const STORED =
    '✓ Checkout confirmed for jane@example.com. The customer session is stored for this profile for an hour.\n';
  const body = { customer_email: 'jane@example.com', confirmation_token_id: 'tok_test' };

  /** Answers the public POST; returns the result and what the server saw. */
  async function confirm(
    opts: ConfirmOptions,
    status: number,
    answer: object,
    setup: Setup & { lookup?: boolean } = {},
  ) {
    const seen: { authorized?: boolean; body?: unknown; lookup?: string } = {};
    const r = await execute(runConfirm, opts, {
      ...setup,
      http: (pool) => {
        if (setup.lookup) {
          pool.intercept({ path: `/v1/checkouts/custom/${ID}`, method: 'GET' }).reply((req) => {
            seen.lookup = (req.headers as Record<string, string>).authorization;
            return {
              statusCode: 200,
              data: { id: ID, status: 'open', client_secret: SECRET },
              responseOptions: json,
            };
          });
        }
        pool.intercept({ path: CONFIRM, method: 'POST' }).reply((req) => {
          seen.authorized = 'authorization' in (req.headers as Record<string, string>);
          seen.body = JSON.parse(String(req.body));
          return { statusCode: status, data: answer, responseOptions: json };
        });
      },
    });
    return { ...r, seen };
  }

  it('by client secret: the public POST, no token; the session is stored, never printed', async () => {
    const configDir = fileStorage();
    const r = await confirm({ checkout: { secret: SECRET }, body, output: {} }, 200, CONFIRMED, {
      configDir,
    });
    expect(r).toEqual({
      code: 0,
      stdout: CARD,
      stderr: STORED,
      seen: { authorized: false, body },
    });
    expect(await fileTokenStore(configDir).readCustomerSession('local')).toEqual({
      location: 'file',
      path: join(configDir, 'credentials.json'),
      credentials: {
        access_token: CUSTOMER_TOKEN,
        token_type: 'Bearer',
        kind: 'pat',
        subject: 'jane@example.com',
        expires_at: '2026-11-23T13:00:00.000Z',
      },
    });
    expect(statSync(join(configDir, 'credentials.json')).mode & 0o777).toBe(0o600);
  });

  it('--json shows [stored] in place of the session token', async () => {
    const r = await confirm(
      { checkout: { secret: SECRET }, body, output: { json: true } },
      200,
      CONFIRMED,
      { configDir: fileStorage() },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ ...CONFIRMED, customer_session_token: '[stored]' }, null, 2)}\n`,
      stderr: STORED,
      seen: { authorized: false, body },
    });
  });

  it('by checkout id: the client secret is looked up with the seller token first', async () => {
    const r = await confirm(
      { checkout: { id: ID }, body: {}, output: { fields: 'id,status' } },
      200,
      CONFIRMED,
      { configDir: fileStorage(), lookup: true },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `id\t${ID}\nstatus\tconfirmed\n`,
      stderr: STORED,
      seen: { lookup: `Bearer ${TOKEN}`, authorized: false, body: {} },
    });
  });

  it('an answer without a session token: confirmed, nothing stored', async () => {
    const configDir = fileStorage();
    const free = { ...CONFIRMED, customer_session_token: null };
    const r = await confirm(
      { checkout: { secret: SECRET }, body, output: { json: true } },
      200,
      free,
      { configDir },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify(free, null, 2)}\n`,
      stderr: '✓ Checkout confirmed for jane@example.com.\n',
      seen: { authorized: false, body },
    });
    expect(await fileTokenStore(configDir).readCustomerSession('local')).toBeNull();
  });

  it('a session that cannot be stored: [not stored], a warning and the way around; still exit 0', async () => {
    const configDir = fileStorage();
    mkdirSync(join(configDir, 'credentials.json'));
    const r = await confirm(
      { checkout: { secret: SECRET }, body, output: { fields: 'id,customer_session_token' } },
      200,
      CONFIRMED,
      { configDir },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`id\t${ID}\ncustomer_session_token\t[not stored]\n`);
    expect(r.stderr).toMatch(
      new RegExp(
        '^✓ Checkout confirmed for jane@example\\.com\\.\n' +
          '! The customer session could not be stored: EISDIR[^\n]*\n' +
          'To act as this customer, create a session: export BILLING_CUSTOMER_TOKEN=\\$\\(billing api ' +
          `POST /v1/customer-sessions/ -f customer_id=${ID2} \\| jq -r \\.token\\)\n$`,
      ),
    );
    expect(r.stdout + r.stderr).not.toContain(CUSTOMER_TOKEN);
  });

  it('a checkout no longer open: exit 7 with the way forward', async () => {
    const r = await confirm({ checkout: { secret: SECRET }, body, output: {} }, 403, {
      error: 'NotOpenCheckout',
      detail: 'Checkout is not open: confirmed',
    });
    expect(r).toEqual({
      code: 7,
      stdout: '',
      stderr:
        'billing: Checkout is not open: confirmed\n' +
        'A confirmed checkout is done: its order is in `billing orders list`.\n',
      seen: { authorized: false, body },
    });
  });

  it('a 422 for a missing payment token: exit 2 naming the flag', async () => {
    const r = await confirm({ checkout: { secret: SECRET }, body: {}, output: {} }, 422, {
      detail: [{ loc: ['body', 'confirmation_token_id'], msg: 'Field required', type: 'missing' }],
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n' +
        '  confirmation_token_id: Field required\n' +
        'To confirm: add --confirmation-token <id> (any value on the local service).\n',
      seen: { authorized: false, body: {} },
    });
  });

  it('a 422 for a missing name and billing address: exit 2 naming both flags', async () => {
    const required = (field: string) => ({
      loc: ['body', field],
      msg: 'Field is required.',
      type: 'missing',
      input: null,
    });
    const r = await confirm({ checkout: { secret: SECRET }, body, output: {} }, 422, {
      detail: [required('customer_name'), required('customer_billing_address')],
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n' +
        '  customer_name: Field is required.\n' +
        '  customer_billing_address: Field is required.\n' +
        'To confirm: add --customer-name <name>; add --billing-address ' +
        'country=US,line1=1 Main St,city=Chicago,postal_code=60601,state=US-IL.\n',
      seen: { authorized: false, body },
    });
  });

  it("a 422 naming the address's parts (today's: a US address is a full one): the flag, with them", async () => {
    const required = (part: string) => ({
      loc: ['body', 'customer_billing_address', part],
      msg: 'Field is required.',
      type: 'missing',
      input: null,
    });
    const r = await confirm({ checkout: { secret: SECRET }, body, output: {} }, 422, {
      detail: [required('line1'), required('city')],
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n' +
        '  customer_billing_address.line1: Field is required.\n' +
        '  customer_billing_address.city: Field is required.\n' +
        "To confirm: give the billing address's line1, city: --billing-address " +
        'country=US,line1=1 Main St,city=Chicago,postal_code=60601,state=US-IL.\n',
      seen: { authorized: false, body },
    });
  });

  it('by checkout id, an unknown session: exit 6, nothing confirmed', async () => {
    const r = await execute(
      runConfirm,
      { checkout: { id: ID }, body: {}, output: {} },
      {
        http: (pool) =>
          pool
            .intercept({ path: `/v1/checkouts/custom/${ID}`, method: 'GET' })
            .reply(404, NOT_FOUND, json),
      },
    );
    expect(r).toEqual({ code: 6, stdout: '', stderr: `billing: checkout ${ID} not found\n` });
  });
});

describe('checkout confirm: on a terminal, what is missing is asked for', () => {
  const CLIENT = `/v1/checkouts/custom/client/${SECRET}`;
  const CONFIRM = `${CLIENT}/confirm`;
  const SESSION = {
    ...CHECKOUT,
    customer_email: null,
    customer_name: null,
    customer_billing_address: null,
    is_payment_form_required: true,
  };
  const CONFIRMED = { ...CHECKOUT, status: 'confirmed', customer_session_token: null };

  async function run(session: object, body: Record<string, unknown>, stdin: string[], sent = true) {
    const seen: { read?: boolean; body?: unknown } = {};
    const r = await execute(
      runConfirm,
      { checkout: { secret: SECRET }, body, output: { json: true } },
      {
        tty: true,
        stdin,
        configDir: fileStorage(),
        http: (pool) => {
          pool.intercept({ path: CLIENT, method: 'GET' }).reply((req) => {
            seen.read = !('authorization' in (req.headers as Record<string, string>));
            return { statusCode: 200, data: session, responseOptions: json };
          });
          if (sent)
            pool.intercept({ path: CONFIRM, method: 'POST' }).reply((req) => {
              seen.body = JSON.parse(String(req.body));
              return { statusCode: 200, data: CONFIRMED, responseOptions: json };
            });
        },
      },
    );
    return { ...r, stderr: stripVTControlCharacters(r.stderr), seen };
  }

  it('reads the session (no token), asks for the email, the name and the address, sends them', async () => {
    const r = await run(SESSION, { confirmation_token_id: 'tok_test' }, [
      'jane@example.com',
      'Jane Doe',
      'country=US,line1=1 Main St,city=Chicago,postal_code=60601,state=US-IL',
    ]);
    expect(r.code).toBe(0);
    expect(r.seen).toEqual({
      read: true,
      body: {
        confirmation_token_id: 'tok_test',
        customer_email: 'jane@example.com',
        customer_name: 'Jane Doe',
        customer_billing_address: {
          country: 'US',
          line1: '1 Main St',
          city: 'Chicago',
          postal_code: '60601',
          state: 'US-IL',
        },
      },
    });
    expect(r.stderr).toBe(
      "? Buyer's email: ? Buyer's name: " +
        '? Billing address (country=US,line1=1 Main St,city=Chicago,postal_code=60601,state=US-IL): ' +
        '✓ Checkout confirmed for jane@example.com.\n',
    );
  });

  it('asks only for what neither the session nor the flags have; nothing for a free session', async () => {
    const named = await run(
      { ...SESSION, customer_email: 'jane@example.com' },
      { customer_name: 'Jane' },
      ['country=DE'],
    );
    expect(named.code).toBe(0);
    expect(named.seen.body).toEqual({
      customer_name: 'Jane',
      customer_billing_address: { country: 'DE' },
    });
    expect(named.stderr).toMatch(
      /^\? Billing address \([^)]*\): ✓ Checkout confirmed for jane@example\.com\.\n$/,
    );
    const free = await run(
      { ...SESSION, customer_email: 'jane@example.com', is_payment_form_required: false },
      {},
      [],
    );
    expect(free.code).toBe(0);
  });

  it.each([
    [
      ['jane@example.com', 'Jane', 'country=US,state=IL'],
      'billing: billing address: state of a US address is written US-XX, e.g. state=US-IL, not "IL"\n',
    ],
    [
      ['jane@example.com', ''],
      'billing: checkout confirm: nothing typed; nothing was confirmed\nOr give it with --customer-name.\n',
    ],
  ])('answers %j: exit 2, nothing sent', async (stdin, said) => {
    const r = await run(SESSION, {}, stdin, false);
    expect(r.code).toBe(2);
    expect(r.seen.body).toBeUndefined();
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith(said)).toBe(true);
  });
});
