// billing customers get: argv -> options; options + answers -> output, by id and by email.
import { describe, expect, it } from 'vitest';
import { buildGet, runGet } from '../../../../src/cli/commands/customers/get.js';
import { execute, ID, json, NOT_FOUND, parse } from '../verb.js';
import { JANE, JANE_ELSEWHERE, janeCard, lookup } from './fixtures.js';

describe('customers get: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, output: {} }],
    [['Jane@Example.com', '--json'], { id: 'jane@example.com', output: { json: true } }],
    [['--external-id', 'user 4711'], { externalId: 'user 4711', output: {} }],
    // The first form, kept as a hidden alias: the argument is the external id.
    [['user_4711', '--external', '--json'], { externalId: 'user_4711', output: { json: true } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'customers' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['jane'], 'billing: customer: "jane" is neither a customer id (UUID) nor an email\n'],
    [[], 'billing: give a customer (id or email), or --external-id <id>\n'],
    [[ID, '--external-id', 'user_4711'], 'billing: give a customer or --external-id, not both\n'],
    [
      ['--external-id', 'a\nb'],
      'billing: --external-id: an external id is one line of 1 to 256 characters\n',
    ],
    [['--external'], 'billing: give a customer (id or email), or --external-id <id>\n'],
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

  it("--external-id: today's GET /v1/customers/external/{id}, the id one path segment", async () => {
    const r = await execute(
      runGet,
      { externalId: 'user 47/11', output: {} },
      {
        env: { BILLING_API_VERSION: '2026-10' },
        http: (pool) =>
          pool
            .intercept({ path: '/v1/customers/external/user%2047%2F11', method: 'GET' })
            .reply(200, { ...JANE, external_id: 'user 47/11', type: 'individual' }, json),
      },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('type\tindividual\nexternal_id\tuser 47/11\n');
  });

  it('--external-id nobody has: exit 6 naming it', async () => {
    const r = await execute(
      runGet,
      { externalId: 'user_0', output: {} },
      {
        env: { BILLING_API_VERSION: '2026-10' },
        http: (pool) =>
          pool
            .intercept({ path: '/v1/customers/external/user_0', method: 'GET' })
            .reply(404, NOT_FOUND, json),
      },
    );
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr: 'billing: customer with external id user_0 not found\n',
    });
  });

  it("--external-id on the seed's generation: refused, nothing sent", async () => {
    expect(await execute(runGet, { externalId: 'user_0', output: {} })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: customers by external id need today's API (2026-04 or later): set " +
        'api_version, or pass --api-version 2026-10\n',
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
