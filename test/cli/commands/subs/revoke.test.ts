// billing subs revoke: argv -> options; options + answers -> output (asks first, like cancel --now).
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildRevoke,
  type RevokeOptions,
  runRevoke,
} from '../../../../src/cli/commands/subs/revoke.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { answered, execute, ID, json, page, parse, TOKEN } from '../verb.js';
import { ALREADY_CANCELED, QUESTION, SUB, SUBS_PAGE, subCard } from './fixtures.js';

const ENDED = { ...SUB, status: 'canceled', ended_at: '2026-11-23T12:00:00Z' };
const DELETE = { method: 'DELETE', path: `/v1/subscriptions/${ID}` };

describe('subs revoke: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, yes: false, output: {} }],
    [[ID, '-y', '--json'], { id: ID, yes: true, output: { json: true } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildRevoke, 'revoke', argv, { noun: 'subs' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['x'], 'billing: subscription id: "x" is not a UUID\n'],
    [[], "billing: missing required argument 'id'\n"],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildRevoke, 'revoke', argv, { noun: 'subs' })).toEqual({ code: 2, stderr });
  });
});

describe('subs revoke: options + answers -> output', () => {
  const base: RevokeOptions = { id: ID, yes: false, output: {} };

  it('--yes: DELETE with the seller token, the ended subscription printed', async () => {
    const r = await answered(runRevoke, { ...base, yes: true }, DELETE, 200, ENDED);
    expect(r).toEqual({
      code: 0,
      stdout: subCard(ENDED),
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}` },
    });
  });

  it('no --yes and no terminal: exit 2, nothing sent', async () => {
    expect(await execute(runRevoke, base)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: subs revoke ends the subscription at once: add --yes to confirm (there is no terminal to ask on)\n',
    });
  });

  it('on a terminal it names whose and what: "n" changes nothing; "y" ends it and says so', async () => {
    const listed = (pool: ScriptedHost) =>
      pool.intercept({ path: SUBS_PAGE }).reply(200, page([SUB]), json);
    expect(await execute(runRevoke, base, { tty: true, stdin: ['n'], http: listed })).toEqual({
      code: 2,
      stdout: '',
      stderr: `${QUESTION}billing: subs revoke ends the subscription at once: not confirmed; nothing was changed\n`,
    });
    const r = await execute(
      runRevoke,
      { ...base, output: { json: true } },
      {
        tty: true,
        stdin: ['y'],
        http: (pool) => {
          listed(pool);
          pool.intercept(DELETE).reply(200, ENDED, json);
        },
      },
    );
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(`${QUESTION}✓ Subscription ${ID} has ended.\n`);
  });

  it('on a terminal, an unknown subscription: exit 6, nothing asked', async () => {
    const r = await execute(runRevoke, base, {
      tty: true,
      stdin: ['y'],
      http: (pool) => pool.intercept({ path: SUBS_PAGE }).reply(200, page([]), json),
    });
    expect(r.code).toBe(6);
    expect(r.stderr).not.toContain('[y/N]');
  });

  it('already ended: exit 7 and how to see it', async () => {
    const r = await execute(
      runRevoke,
      { ...base, yes: true },
      {
        http: (pool) => pool.intercept(DELETE).reply(403, ALREADY_CANCELED, json),
      },
    );
    expect(r).toEqual({
      code: 7,
      stdout: '',
      stderr: `billing: subscription ${ID} has already ended\nSee it with: billing subs get ${ID}\n`,
    });
  });
});
