// billing webhooks rotate-secret <id>: today's PATCH /v1/webhooks/endpoints/{id}/secret (the
// request checked against the 2026-10 description), the new secret printed once; asked first on a
// terminal (the old secret stops verifying), --yes in scripts; refused on the seed's generation,
// which has no such call, before anything is asked or sent.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildRotateSecret,
  runRotateSecret,
} from '../../../../src/cli/commands/webhooks/rotate-secret.js';
import { answered, execute, ID, json, NOT_FOUND, parse } from '../verb.js';
import { ENDPOINT } from './fixtures.js';

const TODAY = { env: { BILLING_API_VERSION: '2026-10' } };
const NEW_SECRET = 'polar_whs_rotatedSecretMadeByTheService00000000000001';
const ROTATED = { ...ENDPOINT, name: null, enabled: true, secret: NEW_SECRET };
const QUESTION = `? Rotate the secret of webhook endpoint ${ID}? Deliveries are signed with the new one at once: your handler stops verifying them until it has it. [y/N] `;
const PATH = { method: 'PATCH', path: `/v1/webhooks/endpoints/${ID}/secret` };

describe('webhooks rotate-secret: argv -> options', () => {
  it.each([
    [[ID], { id: ID, yes: false, output: {} }],
    [[ID.toUpperCase(), '--yes', '--json'], { id: ID, yes: true, output: { json: true } }],
    [[ID, '-y', '-o', 'ndjson'], { id: ID, yes: true, output: { output: 'ndjson' } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildRotateSecret, 'rotate-secret', argv, { noun: 'webhooks' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['x'], 'billing: webhook endpoint id: "x" is not a UUID\n'],
    [[], "billing: missing required argument 'id'\n"],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildRotateSecret, 'rotate-secret', argv, { noun: 'webhooks' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('webhooks rotate-secret: options + answers -> output', () => {
  it('--yes: the new secret printed once, as key-value lines to a pipe and in --json', async () => {
    const card = await answered(
      runRotateSecret,
      { id: ID, yes: true, output: {} },
      PATH,
      200,
      ROTATED,
      TODAY,
    );
    expect(card).toMatchObject({ code: 0 });
    expect(card.seen.body).toBeUndefined();
    expect(card.stdout).toContain(`secret\t${NEW_SECRET}\n`);
    // The ✓ line is for a terminal (below).
    expect(card.stderr).toBe('');
    const js = await answered(
      runRotateSecret,
      { id: ID, yes: true, output: { json: true } },
      PATH,
      200,
      ROTATED,
      TODAY,
    );
    expect(JSON.parse(js.stdout)).toEqual(ROTATED);
  });

  it('on a terminal it asks: no changes nothing; yes rotates', async () => {
    const refused = await execute(
      runRotateSecret,
      { id: ID, yes: false, output: {} },
      { ...TODAY, tty: true, stdin: ['n'] },
    );
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr: `${QUESTION}billing: webhooks rotate-secret replaces the signing secret: not confirmed; nothing was changed\n`,
    });
    const agreed = await answered(
      runRotateSecret,
      { id: ID, yes: false, output: { json: true } },
      PATH,
      200,
      ROTATED,
      { ...TODAY, tty: true, stdin: ['y'] },
    );
    expect(agreed.code).toBe(0);
    expect(JSON.parse(agreed.stdout).secret).toBe(NEW_SECRET);
    expect(stripVTControlCharacters(agreed.stderr)).toBe(
      `${QUESTION}✓ Webhook endpoint ${ID} has a new secret; the old one no longer verifies. Keep it now: billing does not show it again.\n`,
    );
  });

  it('without a terminal it needs --yes; nothing is sent', async () => {
    expect(await execute(runRotateSecret, { id: ID, yes: false, output: {} }, TODAY)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: webhooks rotate-secret replaces the signing secret: add --yes to confirm (there is no terminal to ask on)\n',
    });
  });

  it("the seed's generation has no rotation: exit 2 before asking, with the way there", async () => {
    expect(
      await execute(
        runRotateSecret,
        { id: ID, yes: false, output: {} },
        { tty: true, stdin: ['y'] },
      ),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: rotating a secret needs today's API (2026-04 or later): the service's API generation has no such call\n" +
        'Set api_version, or pass --api-version 2026-10; or choose one: billing webhooks update <id> --secret <new-secret>\n',
    });
  });

  it('an unknown endpoint: exit 6', async () => {
    expect(
      await execute(
        runRotateSecret,
        { id: ID, yes: true, output: {} },
        { ...TODAY, http: (pool) => pool.intercept(PATH).reply(404, NOT_FOUND, json) },
      ),
    ).toEqual({ code: 6, stdout: '', stderr: `billing: webhook endpoint ${ID} not found\n` });
  });
});
