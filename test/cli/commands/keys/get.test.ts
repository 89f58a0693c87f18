// billing keys get: argv -> options (or the exact usage error); options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildGet, type GetOptions, runGet } from '../../../../src/cli/commands/keys/get.js';
import {
  answered,
  CUSTOMER_SESSION_REJECTED,
  CUSTOMER_TOKEN,
  ID,
  ID2,
  NOT_FOUND,
  parse,
  type Setup,
  TOKEN,
} from '../verb.js';
import { keyCard, LICENSE_KEY, KEY as TYPED } from './fixtures.js';

describe('keys get: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, mine: false, output: {} }],
    [[ID, '--json', '--mine'], { id: ID, mine: true, output: { json: true } }],
    [
      [ID, '-o', 'json', '--fields', 'id,activations'],
      { id: ID, mine: false, output: { output: 'json', fields: 'id,activations' } },
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
    [[TYPED], `billing: license key id: "${TYPED}" is not a UUID\n`],
    [[], "billing: missing required argument 'id'\n"],
    [[ID, '--json', '-o', 'ndjson'], 'billing: --json conflicts with --output ndjson\n'],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'keys' })).toEqual({ code: 2, stderr });
  });
});

describe('keys get: options + answers -> output', () => {
  const KEY = {
    ...LICENSE_KEY,
    activations: [
      { id: ID2, label: 'laptop', created_at: '2026-11-01T00:00:00Z', meta: { os: 'linux' } },
    ],
  };

  /** Answers the GET (the customer portal's with --mine); `seen` holds the Authorization sent. */
  const get = (
    output: GetOptions['output'],
    status: number,
    body: object,
    setup: Setup = {},
    mine = true,
  ) =>
    answered(
      runGet,
      { id: ID, mine, output },
      {
        method: 'GET',
        path: mine ? `/v1/customer-portal/license-keys/${ID}` : `/v1/license-keys/${ID}`,
      },
      status,
      body,
      setup,
    );

  it("reads the seller's key with the seller token, even with a customer session stored", async () => {
    const env = { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN };
    expect(await get({}, 200, KEY, { env }, false)).toEqual({
      code: 0,
      stdout: keyCard(KEY),
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('--mine reads through the customer portal with the customer token; a pipe gets the card only', async () => {
    expect(await get({}, 200, KEY, { env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN } })).toEqual({
      code: 0,
      stdout: keyCard(KEY),
      stderr: '',
      seen: { authorization: `Bearer ${CUSTOMER_TOKEN}` },
    });
  });

  it('--mine --json: the key with its activations, as sent (the seller token without a session)', async () => {
    expect(await get({ json: true }, 200, KEY)).toEqual({
      code: 0,
      stdout: `${JSON.stringify(KEY, null, 2)}\n`,
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}` },
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

  it('a key without activations: no Activations section, no "No results" (issue 24)', async () => {
    const r = await get(
      {},
      200,
      { ...KEY, activations: [] },
      {
        tty: true,
        env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN },
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('Activations');
    expect(r.stderr).toBe('');
  });

  it("a 404 of the seller's key points to --mine (exit 6)", async () => {
    const r = await get({}, 404, NOT_FOUND, {}, false);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 6,
      stdout: '',
      stderr:
        `billing: license key ${ID} not found\n` +
        `A customer's own key? Read it through the customer portal: billing keys get ${ID} --mine\n`,
    });
  });

  it('a 404 with --mine says whose keys the portal shows (exit 6)', async () => {
    const r = await get({}, 404, NOT_FOUND);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 6,
      stdout: '',
      stderr:
        `billing: license key ${ID} not found\n` +
        'With --mine the key is read through the customer portal: it must be a key of the customer session that `checkout confirm` stored (or BILLING_CUSTOMER_TOKEN).\n',
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
      stderr: CUSTOMER_SESSION_REJECTED,
    });
  });
});
