// billing customers get: argv -> options; options + answers -> output, by id and by email.
import { describe, expect, it } from 'vitest';
import { buildGet, runGet } from '../../../../src/cli/commands/customers/get.js';
import { execute, ID, json, NOT_FOUND, parse } from '../verb.js';
import { JANE, JANE_ELSEWHERE, janeCard, lookup } from './fixtures.js';

describe('customers get: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, output: {} }],
    [['Jane@Example.com', '--json'], { id: 'jane@example.com', output: { json: true } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'customers' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['jane'], 'billing: customer: "jane" is neither a customer id (UUID) nor an email\n'],
    [[], "billing: missing required argument 'customer'\n"],
    [
      [ID, '--fields', 'email.x'],
      'billing: --fields: "email.x" is not a field here\n"email" is a value, with no fields inside\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'customers' })).toEqual({ code: 2, stderr });
  });
});

describe('customers get: options + answers -> output', () => {
  const byId = (
    pool: import('../../../helpers/http.js').ScriptedHost,
    status = 200,
    body: object = JANE,
  ) => pool.intercept({ path: `/v1/customers/${ID}`, method: 'GET' }).reply(status, body, json);

  it('by id: one request, a key\\tvalue card to a pipe', async () => {
    const r = await execute(runGet, { id: ID, output: {} }, { http: (pool) => byId(pool) });
    expect(r).toEqual({ code: 0, stdout: janeCard(), stderr: '' });
  });

  it('by email: looked up exactly (a search also matching others), then read by id', async () => {
    const other = { ...JANE, id: JANE_ELSEWHERE.id, email: 'jane@example.com.au' };
    const r = await execute(
      runGet,
      { id: 'jane@example.com', output: { json: true } },
      {
        http: (pool) => {
          lookup(pool, 'jane@example.com', [other, { ...JANE, email: 'Jane@Example.com' }]);
          byId(pool);
        },
      },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JANE);
  });

  it('an email nobody has: exit 6, and how to search', async () => {
    const r = await execute(
      runGet,
      { id: 'nobody@example.com', output: {} },
      { http: (pool) => lookup(pool, 'nobody@example.com', []) },
    );
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr:
        'billing: customer: no customer has the email nobody@example.com\n' +
        'Find them with: billing customers list --query <part of the email or name>\n',
    });
  });

  it('an email of customers in two organizations: exit 2 listing both', async () => {
    const r = await execute(
      runGet,
      { id: 'jane@example.com', output: {} },
      { http: (pool) => lookup(pool, 'jane@example.com', [JANE, JANE_ELSEWHERE]) },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `billing: customer: jane@example.com is a customer of 2 organizations: ${JANE.id} (organization ${JANE.organization_id}), ${JANE_ELSEWHERE.id} (organization ${JANE_ELSEWHERE.organization_id})\n` +
        'Pass the customer id instead, or --org to say which organization.\n',
    });
  });

  it('404 by id: exit 6', async () => {
    const r = await execute(
      runGet,
      { id: ID, output: {} },
      { http: (pool) => byId(pool, 404, NOT_FOUND) },
    );
    expect(r).toEqual({ code: 6, stdout: '', stderr: `billing: customer ${ID} not found\n` });
  });
});
