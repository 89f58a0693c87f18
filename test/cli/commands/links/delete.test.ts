// billing links delete: argv -> options; options + answers -> output. Asks first on a
// terminal, naming the link by its label (read first); scripts pass --yes. Today's API only.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildDelete, runDelete } from '../../../../src/cli/commands/links/delete.js';
import { answered, execute, ID, json, NOT_FOUND, parse } from '../verb.js';
import { LINK, seedRefusal, TODAY } from './fixtures.js';

describe('links delete: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, yes: false }],
    [[ID, '--yes'], { id: ID, yes: true }],
    [[ID, '-y'], { id: ID, yes: true }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildDelete, 'delete', argv, { noun: 'links' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], "billing: missing required argument 'id'\n"],
    [['polar_cl_abc'], 'billing: checkout link id: "polar_cl_abc" is not a UUID\n'],
    [[ID, '--json'], "billing: unknown option '--json'\n"],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildDelete, 'delete', argv, { noun: 'links' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('links delete: options + answers -> output', () => {
  const call = { method: 'DELETE', path: `/v1/checkout-links/${ID}` };
  const read = { method: 'GET', path: `/v1/checkout-links/${ID}` };
  const question = `? Delete checkout link "Pricing page" (${ID})? Its URL stops working wherever it was shared; this cannot be undone. [y/N] `;

  it('--yes deletes it: nothing on stdout, exit 0', async () => {
    const r = await answered(runDelete, { id: ID, yes: true }, call, 204, '', TODAY);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('without --yes and no terminal: exit 2 asking for --yes, nothing sent', async () => {
    expect(await execute(runDelete, { id: ID, yes: false }, TODAY)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: links delete removes the checkout link: add --yes to confirm ' +
        '(there is no terminal to ask on)\n',
    });
  });

  it('on a terminal: the question names its label; "n" changes nothing', async () => {
    const r = await execute(
      runDelete,
      { id: ID, yes: false },
      {
        ...TODAY,
        tty: true,
        stdin: ['n'],
        http: (pool) => pool.intercept(read).reply(200, LINK, json),
      },
    );
    expect({ ...r, stderr: stripVTControlCharacters(r.stderr) }).toEqual({
      code: 2,
      stdout: '',
      stderr: `${question}billing: links delete removes the checkout link: not confirmed; nothing was changed\n`,
    });
  });

  it('on a terminal: "y" deletes it and says so; a link without a label is named by its id', async () => {
    const r = await execute(
      runDelete,
      { id: ID, yes: false },
      {
        ...TODAY,
        tty: true,
        stdin: ['y'],
        http: (pool) => {
          pool.intercept(read).reply(200, { ...LINK, label: null }, json);
          pool.intercept(call).reply(204, '');
        },
      },
    );
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `? Delete checkout link ${ID}? Its URL stops working wherever it was shared; this cannot be undone. [y/N] ` +
        `✓ Checkout link ${ID} deleted.\n`,
    );
  });

  it('404: exit 6', async () => {
    const r = await execute(
      runDelete,
      { id: ID, yes: true },
      { ...TODAY, http: (pool) => pool.intercept(call).reply(404, NOT_FOUND, json) },
    );
    expect(r).toEqual({ code: 6, stdout: '', stderr: `billing: checkout link ${ID} not found\n` });
  });

  it("on the seed's generation: one line, nothing asked or sent", async () => {
    expect(await execute(runDelete, { id: ID, yes: false }, { tty: true, stdin: ['y'] })).toEqual({
      code: 2,
      stdout: '',
      stderr: seedRefusal('delete'),
    });
  });
});
