// billing customers delete: argv -> options; options + answers -> output (asks first).
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildDelete, runDelete } from '../../../../src/cli/commands/customers/delete.js';
import { answered, execute, ID, json, NOT_FOUND, parse } from '../verb.js';
import { JANE, lookup } from './fixtures.js';

describe('customers delete: argv -> options', () => {
  it.each([
    [[ID], { id: ID, yes: false }],
    [['Jane@Example.com', '--yes'], { id: 'jane@example.com', yes: true }],
    [[ID, '-y'], { id: ID, yes: true }],
    [['--external-id', 'user 4711', '--yes'], { externalId: 'user 4711', yes: true }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildDelete, 'delete', argv, { noun: 'customers' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], 'billing: give a customer (id or email), or --external-id <id>\n'],
    [[ID, '--external-id', 'user_4711'], 'billing: give a customer or --external-id, not both\n'],
    [['42'], 'billing: customer: "42" is neither a customer id (UUID) nor an email\n'],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildDelete, 'delete', argv, { noun: 'customers' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('customers delete: options + answers -> output', () => {
  const call = { method: 'DELETE', path: `/v1/customers/${ID}` };

  it('--yes deletes it: nothing on stdout, exit 0', async () => {
    const r = await answered(runDelete, { id: ID, yes: true }, call, 204, '');
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it("--external-id --yes: today's DELETE /v1/customers/external/{id}", async () => {
    const r = await answered(
      runDelete,
      { externalId: 'user 47/11', yes: true },
      { method: 'DELETE', path: '/v1/customers/external/user%2047%2F11' },
      204,
      '',
      { env: { BILLING_API_VERSION: '2026-10' } },
    );
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('--external-id on a terminal: the question names it, "y" deletes', async () => {
    const r = await answered(
      runDelete,
      { externalId: 'user_4711', yes: false },
      { method: 'DELETE', path: '/v1/customers/external/user_4711' },
      204,
      '',
      { env: { BILLING_API_VERSION: '2026-10' }, tty: true, stdin: ['y'] },
    );
    expect({ ...r, stderr: stripVTControlCharacters(r.stderr) }).toMatchObject({
      code: 0,
      stdout: '',
      stderr:
        '? Delete customer with external id user_4711? This cannot be undone. [y/N] ' +
        '✓ Customer with external id user_4711 deleted.\n',
    });
  });

  it('--external-id nobody has: exit 6 naming it', async () => {
    const r = await answered(
      runDelete,
      { externalId: 'user_0', yes: true },
      { method: 'DELETE', path: '/v1/customers/external/user_0' },
      404,
      NOT_FOUND,
      { env: { BILLING_API_VERSION: '2026-10' } },
    );
    expect(r).toMatchObject({
      code: 6,
      stdout: '',
      stderr: 'billing: customer with external id user_0 not found\n',
    });
  });

  it("--external-id on the seed's generation: refused before asking, nothing sent", async () => {
    expect(
      await execute(runDelete, { externalId: 'user_0', yes: false }, { tty: true, stdin: ['y'] }),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: customers by external id need today's API (2026-04 or later): set " +
        'api_version, or pass --api-version 2026-10\n',
    });
  });

  it('without --yes and no terminal: exit 2 asking for --yes, nothing sent', async () => {
    expect(await execute(runDelete, { id: ID, yes: false })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: customers delete removes the customer: add --yes to confirm ' +
        '(there is no terminal to ask on)\n',
    });
  });

  it('on a terminal: "n" changes nothing', async () => {
    expect(await execute(runDelete, { id: ID, yes: false }, { tty: true, stdin: ['n'] })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `? Delete customer ${ID}? This cannot be undone. [y/N] ` +
        'billing: customers delete removes the customer: not confirmed; nothing was changed\n',
    });
  });

  it('by email on a terminal: the question names both, "y" deletes', async () => {
    const r = await execute(
      runDelete,
      { id: 'jane@example.com', yes: false },
      {
        tty: true,
        stdin: ['y'],
        http: (pool) => {
          lookup(pool, 'jane@example.com', [JANE]);
          pool.intercept(call).reply(204, '');
        },
      },
    );
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `? Delete customer jane@example.com (${ID})? This cannot be undone. [y/N] ` +
        `✓ Customer jane@example.com (${ID}) deleted.\n`,
    );
  });

  it('404: exit 6', async () => {
    const r = await execute(
      runDelete,
      { id: ID, yes: true },
      {
        http: (pool) => pool.intercept(call).reply(404, NOT_FOUND, json),
      },
    );
    expect(r).toEqual({ code: 6, stdout: '', stderr: `billing: customer ${ID} not found\n` });
  });
});
