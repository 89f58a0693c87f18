// billing subs resume: argv -> options (or the exact usage error); options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildResume,
  type ResumeOptions,
  runResume,
} from '../../../../src/cli/commands/subs/resume.js';
import { answered, ID, NOT_FOUND, parse, TOKEN, TOKEN_REJECTED } from '../verb.js';
import {
  ALREADY_CANCELED,
  expectPortalPatch,
  expectSellerPatch,
  refused,
  SELLER,
  SUB,
} from './fixtures.js';

const ENDED_HINT =
  'An ended subscription cannot come back; the customer can buy again through a new checkout: ' +
  'billing checkout create --help';

describe('subs resume: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, asCustomer: false, output: {} }],
    [[ID, '--mine'], { id: ID, asCustomer: true, output: {} }],
    [[ID, '--as-customer'], { id: ID, asCustomer: true, output: {} }],
    [[ID, '--json'], { id: ID, asCustomer: false, output: { json: true } }],
    [
      [ID, '-o', 'tsv', '--fields', 'id,cancel_at_period_end'],
      { id: ID, asCustomer: false, output: { output: 'tsv', fields: 'id,cancel_at_period_end' } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildResume, 'resume', argv, { noun: 'subs' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['sub_1'], 'billing: subscription id: "sub_1" is not a UUID\n'],
    [[], "billing: missing required argument 'id'\n"],
    [[ID, '--now'], "billing: unknown option '--now'\n"],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildResume, 'resume', argv, { noun: 'subs' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('subs resume: options + answers -> output', () => {
  const base: ResumeOptions = { id: ID, asCustomer: false, output: {} };
  /** What the server sees of `base`. */
  const RESUMED = { authorization: `Bearer ${TOKEN}`, body: { cancel_at_period_end: false } };

  it('as the seller: cancel_at_period_end false, then the card', async () => {
    await expectSellerPatch(runResume, base, SUB, RESUMED);
  });

  it('--as-customer: the customer-portal PATCH with the customer token', async () => {
    await expectPortalPatch(
      runResume,
      { ...base, asCustomer: true, output: { json: true } },
      { cancel_at_period_end: false },
    );
  });

  it('on a terminal, the ✓ line names the renewal day', async () => {
    const r = await answered(runResume, { ...base, output: { json: true } }, SELLER, 200, SUB, {
      tty: true,
    });
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `✓ Subscription ${ID} continues; it renews on 2026-12-01.\n`,
    );
  });

  it.each([
    [
      403,
      ALREADY_CANCELED,
      7,
      `billing: subscription ${ID} has ended; only a cancellation at period end can be undone\n` +
        `${ENDED_HINT}\n`,
    ],
    // The real service at the seed's generation: an ended subscription is gone (410), one not
    // set to end is a bad request (400) (subscription/service.py uncancel, f179ede58c).
    [
      410,
      { error: 'ResourceUnavailable', detail: 'Unavailable' },
      7,
      `billing: subscription ${ID} has ended; only a cancellation at period end can be undone\n` +
        `${ENDED_HINT}\n`,
    ],
    [
      400,
      { error: 'BadRequest', detail: 'Bad request' },
      7,
      `billing: subscription ${ID} is not set to end: there is nothing to resume\n` +
        `See it with: billing subs get ${ID}\n`,
    ],
    [404, NOT_FOUND, 6, `billing: subscription ${ID} not found\n`],
    [401, { error: 'invalid_token' }, 4, TOKEN_REJECTED],
  ])('a %i: exit code and message', refused(runResume, base, RESUMED));
});
