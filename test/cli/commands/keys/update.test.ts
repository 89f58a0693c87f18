// billing keys update: argv -> usage error or the exact PATCH body ("none" sends null).
import { describe, expect, it } from 'vitest';
import {
  buildUpdate,
  runUpdate,
  type UpdateOptions,
} from '../../../../src/cli/commands/keys/update.js';
import { ID, useRecorder } from '../harness.js';
import { answered, execute, NOT_FOUND, parse, TOKEN } from '../verb.js';
import { keyCard, LICENSE_KEY } from './fixtures.js';

const rec = useRecorder();

describe('keys update: argv -> usage error, nothing sent', () => {
  it.each([
    [
      [],
      'billing: nothing to change: give --status, --limit-activations, --limit-usage, --usage or --expires-at\n',
    ],
    [
      ['--limit-activations', '0'],
      'billing: --limit-activations: must be an integer from 1 to 50, got 0\n',
    ],
    [
      ['--limit-activations', '51'],
      'billing: --limit-activations: must be an integer from 1 to 50, got 51\n',
    ],
    [['--limit-activations', 'many'], 'billing: --limit-activations: "many" is not an integer\n'],
    [['--limit-usage', '0'], 'billing: --limit-usage: must be an integer at least 1, got 0\n'],
    [['--usage', '-1'], 'billing: --usage: must be an integer at least 0, got -1\n'],
    [['--usage', 'none'], 'billing: --usage: "none" is not an integer\n'],
    [
      ['--expires-at', 'tomorrow'],
      'billing: --expires-at: "tomorrow" is not an ISO 8601 date-time (e.g. 2027-01-31T00:00:00Z) or "none"\n',
    ],
    [
      ['--status', 'active'],
      "billing: option '--status <status>' argument 'active' is invalid. Allowed choices are granted, revoked, disabled.\n",
    ],
  ])('%j', async (args, stderr) => {
    await rec.usage(['keys', 'update', ID, ...args], stderr);
  });

  it('a malformed key id', async () => {
    await rec.usage(
      ['keys', 'update', 'key_1', '--usage', '1'],
      'billing: license key id: "key_1" is not a UUID\n',
    );
  });
});

describe('keys update: argv -> PATCH body', () => {
  it.each([
    [
      ['--limit-activations', 'none', '--limit-usage', 'none', '--expires-at', 'none'],
      { limit_activations: null, limit_usage: null, expires_at: null },
    ],
    [
      ['--limit-activations', '50', '--limit-usage', '1', '--usage', '0'],
      { limit_activations: 50, limit_usage: 1, usage: 0 },
    ],
    [
      ['--status', 'disabled', '--expires-at', '2027-01-31T12:00:00+02:00', '--yes'],
      { status: 'disabled', expires_at: '2027-01-31T10:00:00.000Z' },
    ],
    [['--expires-at', '2027-01-31'], { expires_at: '2027-01-31T00:00:00.000Z' }],
  ])('%j', async (args, body) => {
    const sent = await rec.request(['keys', 'update', ID, ...args]);
    expect(sent).toMatchObject({ method: 'PATCH', path: `/v1/license-keys/${ID}`, query: [] });
    expect(sent.body).toEqual(body);
  });
});

describe('keys update: argv -> options', () => {
  it.each([
    [
      [ID.toUpperCase(), '--limit-activations', '5'],
      { id: ID, body: { limit_activations: 5 }, yes: false, output: {} },
    ],
    [
      [ID, '--status', 'revoked', '-y', '--json'],
      { id: ID, body: { status: 'revoked' }, yes: true, output: { json: true } },
    ],
    [
      [ID, '--limit-activations', 'none', '--limit-usage', 'none', '--expires-at', 'none'],
      {
        id: ID,
        body: { limit_activations: null, limit_usage: null, expires_at: null },
        yes: false,
        output: {},
      },
    ],
    [
      [ID, '--usage', '0', '--limit-usage', '100', '--expires-at', '2027-01-31T12:00:00+02:00'],
      {
        id: ID,
        body: { usage: 0, limit_usage: 100, expires_at: '2027-01-31T10:00:00.000Z' },
        yes: false,
        output: {},
      },
    ],
    [
      [ID, '--status', 'granted', '-o', 'tsv', '--fields', 'id,status'],
      {
        id: ID,
        body: { status: 'granted' },
        yes: false,
        output: { output: 'tsv', fields: 'id,status' },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'keys' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      [ID, '--yes'],
      'billing: nothing to change: give --status, --limit-activations, --limit-usage, --usage or --expires-at\n',
    ],
    [['key_1', '--usage', '1'], 'billing: license key id: "key_1" is not a UUID\n'],
    [
      [ID, '--expires-at', '2027-02-30'],
      'billing: --expires-at: "2027-02-30" is not an ISO 8601 date-time (e.g. 2027-01-31T00:00:00Z) or "none"\n',
    ],
    [
      [ID, '--limit-activations', '51'],
      'billing: --limit-activations: must be an integer from 1 to 50, got 51\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'keys' })).toEqual({ code: 2, stderr });
  });
});

describe('keys update: options + answers -> output', () => {
  const KEY = { ...LICENSE_KEY, limit_activations: 5, usage: 0, limit_usage: null };
  const update = (options: UpdateOptions, status: number, body: object) =>
    answered(runUpdate, options, { method: 'PATCH', path: `/v1/license-keys/${ID}` }, status, body);

  it('sends only what changes, with the seller token, and prints the card', async () => {
    const r = await update(
      { id: ID, body: { limit_activations: 5, limit_usage: null }, yes: false, output: {} },
      200,
      KEY,
    );
    expect(r).toEqual({
      code: 0,
      stdout: keyCard(KEY),
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}`, body: { limit_activations: 5, limit_usage: null } },
    });
  });

  it('--status revoked --yes: sent without a question', async () => {
    const revoked = { ...KEY, status: 'revoked' };
    const r = await update(
      { id: ID, body: { status: 'revoked' }, yes: true, output: { json: true } },
      200,
      revoked,
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify(revoked, null, 2)}\n`,
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}`, body: { status: 'revoked' } },
    });
  });

  it.each(['revoked', 'disabled'] as const)(
    '--status %s without --yes and no terminal: exit 2 asking for --yes, nothing sent',
    async (status) => {
      expect(
        await execute(runUpdate, { id: ID, body: { status }, yes: false, output: {} }),
      ).toEqual({
        code: 2,
        stdout: '',
        stderr: `billing: keys update --status ${status} stops the key working: add --yes to confirm (there is no terminal to ask on)\n`,
      });
    },
  );

  it('--status revoked on a terminal: "n" changes nothing', async () => {
    const r = await execute(
      runUpdate,
      { id: ID, body: { status: 'revoked' }, yes: false, output: {} },
      { tty: true, stdin: ['no'] },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `? Set license key ${ID} to revoked? It stops validating and activating at once. [y/N] ` +
        'billing: keys update --status revoked stops the key working: not confirmed; nothing was changed\n',
    });
  });

  it.each([
    [404, NOT_FOUND, 6, `billing: license key ${ID} not found\n`],
    [
      403,
      { error: 'NotPermitted', detail: 'no license_keys:write' },
      5,
      'billing: no license_keys:write\n',
    ],
  ])('a %i: exit code and message', async (status, body, code, stderr) => {
    const r = await update({ id: ID, body: { usage: 0 }, yes: false, output: {} }, status, body);
    expect(r).toEqual({
      code,
      stdout: '',
      stderr,
      seen: { authorization: `Bearer ${TOKEN}`, body: { usage: 0 } },
    });
  });
});
