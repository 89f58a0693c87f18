// billing customers update: argv -> the body; options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildUpdate, runUpdate } from '../../../../src/cli/commands/customers/update.js';
import { answered, execute, ID, json, NOT_FOUND, parse } from '../verb.js';
import { JANE, janeCard, lookup } from './fixtures.js';

describe('customers update: argv -> options', () => {
  it.each([
    [[ID, '--name', 'Jane Smith'], { id: ID, body: { name: 'Jane Smith' }, output: {} }],
    [
      ['jane@example.com', '--data', '{"name": "X", "tax_id": null}', '--name', 'Y', '--json'],
      { id: 'jane@example.com', body: { name: 'Y', tax_id: null }, output: { json: true } },
    ],
    [
      [ID, '--email', 'new@example.com'],
      { id: ID, body: { email: 'new@example.com' }, output: {} },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'customers' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[ID], 'billing: nothing to change: give --email, --name, --external-id or --data\n'],
    [
      ['jane', '--name', 'J'],
      'billing: customer: "jane" is neither a customer id (UUID) nor an email\n',
    ],
    [[ID, '--data', '"x"'], 'billing: --data: must be a JSON object\n'],
  ])('%j -> usage error, nothing sent', async (argv, stderr) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'customers' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('customers update: options + answers -> output', () => {
  const body = { name: 'Jane Smith' };
  const SMITH = { ...JANE, name: 'Jane Smith' };

  it('PATCHes only what was given and prints the card; ✓ on a terminal', async () => {
    const call = { method: 'PATCH', path: `/v1/customers/${ID}` };
    const r = await answered(runUpdate, { id: ID, body, output: {} }, call, 200, SMITH);
    expect(r).toMatchObject({ code: 0, stdout: janeCard(SMITH), stderr: '' });
    expect(r.seen.body).toEqual(body);
    const t = await answered(runUpdate, { id: ID, body, output: {} }, call, 200, SMITH, {
      tty: true,
    });
    expect(stripVTControlCharacters(t.stderr)).toBe(`✓ Customer ${ID} updated.\n`);
  });

  it('by email: looked up first, then PATCHed by id', async () => {
    let sent: unknown;
    const r = await execute(
      runUpdate,
      { id: 'jane@example.com', body, output: { json: true } },
      {
        http: (pool) => {
          lookup(pool, 'jane@example.com', [JANE]);
          pool
            .intercept({
              path: `/v1/customers/${ID}`,
              method: 'PATCH',
              body: (b) => {
                sent = JSON.parse(b);
                return true;
              },
            })
            .reply(200, SMITH, json);
        },
      },
    );
    expect(r.code).toBe(0);
    expect(sent).toEqual(body);
    expect(JSON.parse(r.stdout)).toEqual(SMITH);
  });

  it('404: exit 6, nothing printed on stdout', async () => {
    const r = await execute(
      runUpdate,
      { id: ID, body, output: {} },
      {
        http: (pool) =>
          pool
            .intercept({ path: `/v1/customers/${ID}`, method: 'PATCH' })
            .reply(404, NOT_FOUND, json),
      },
    );
    expect(r).toEqual({ code: 6, stdout: '', stderr: `billing: customer ${ID} not found\n` });
  });
});
