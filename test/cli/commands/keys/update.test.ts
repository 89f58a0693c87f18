// billing keys update: argv -> usage error or the exact PATCH body ("none" sends null).
import { describe, expect, it } from 'vitest';
import { ID, useRecorder } from '../harness.js';

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
