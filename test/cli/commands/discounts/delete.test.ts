// billing discounts delete: argv -> options; options + answers -> output (asks first).
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildDelete, runDelete } from '../../../../src/cli/commands/discounts/delete.js';
import { answered, execute, ID, json, NOT_FOUND, parse } from '../verb.js';

describe('discounts delete: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, yes: false }],
    [[ID, '--yes'], { id: ID, yes: true }],
    [[ID, '-y'], { id: ID, yes: true }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildDelete, 'delete', argv, { noun: 'discounts' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], "billing: missing required argument 'id'\n"],
    [['LAUNCH10'], 'billing: discount id: "LAUNCH10" is not a UUID\n'],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildDelete, 'delete', argv, { noun: 'discounts' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('discounts delete: options + answers -> output', () => {
  const call = { method: 'DELETE', path: `/v1/discounts/${ID}` };
  const question = `? Delete discount ${ID}? Its code stops working; this cannot be undone. [y/N] `;

  it('--yes deletes it: nothing on stdout, exit 0', async () => {
    const r = await answered(runDelete, { id: ID, yes: true }, call, 204, '');
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('without --yes and no terminal: exit 2 asking for --yes, nothing sent', async () => {
    expect(await execute(runDelete, { id: ID, yes: false })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: discounts delete removes the discount: add --yes to confirm ' +
        '(there is no terminal to ask on)\n',
    });
  });

  it('on a terminal: "n" changes nothing', async () => {
    expect(await execute(runDelete, { id: ID, yes: false }, { tty: true, stdin: ['n'] })).toEqual({
      code: 2,
      stdout: '',
      stderr: `${question}billing: discounts delete removes the discount: not confirmed; nothing was changed\n`,
    });
  });

  it('on a terminal: "y" deletes it and says so', async () => {
    const r = await execute(
      runDelete,
      { id: ID, yes: false },
      { tty: true, stdin: ['y'], http: (pool) => pool.intercept(call).reply(204, '') },
    );
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(`${question}✓ Discount ${ID} deleted.\n`);
  });

  it('404: exit 6', async () => {
    const r = await execute(
      runDelete,
      { id: ID, yes: true },
      { http: (pool) => pool.intercept(call).reply(404, NOT_FOUND, json) },
    );
    expect(r).toEqual({ code: 6, stdout: '', stderr: `billing: discount ${ID} not found\n` });
  });
});
