// Helpers of the key commands: the key argument (or stdin) and the organization.

import type { KeyCall } from '../../../api/license-keys.js';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { Audience } from '../../credentials.js';
import { uuid } from '../../input.js';
import type { StateRule } from '../state-errors.js';

/** The license key from argv, or from stdin with `-` (keeps it out of the process list). */
export async function keyArgument(value: string, ctx: Pick<Context, 'io'>): Promise<string> {
  if (value !== '-') return checkKey(value);
  let text = '';
  for await (const chunk of ctx.io.stdin) {
    text += chunk.toString();
    if (text.length > 4096) break;
  }
  return checkKey(text.trim());
}

function checkKey(key: string): string {
  if (!key || key.length > 512 || /\s/.test(key))
    throw new UsageError('license key: expected one key without spaces (at most 512 characters)');
  return key;
}

/** Why the public key endpoints refuse a key (api-facts "Errors"), and the way forward. */
export const KEY_STATE: readonly StateRule[] = [
  {
    code: 'NotPermitted',
    detail: /activation limit/i,
    message: 'the license key has no free activation slot: its activation limit is reached',
    hint: 'Free one: billing keys deactivate <key> --activation <activation-id> (billing keys get <key-id> lists them).',
  },
  {
    code: 'NotPermitted',
    detail: /no longer active/i,
    message: 'the license key is revoked or disabled',
    hint: 'The seller can grant it again: billing keys update <key-id> --status granted',
  },
  {
    code: 'NotPermitted',
    detail: /expired/i,
    message: 'the license key has expired',
    hint: 'The seller can extend it: billing keys update <key-id> --expires-at <date-time>',
  },
  // Today's validate answers a key it will not validate with a 404 and these words
  // (license_key/service.py `validate` at c6c3645e).
  {
    code: 'ResourceNotFound',
    detail: /no longer active/i,
    message: 'the license key is revoked or disabled',
    hint: 'The seller can grant it again: billing keys update <key-id> --status granted',
  },
  {
    code: 'ResourceNotFound',
    detail: /has expired/i,
    message: 'the license key has expired',
    hint: 'The seller can extend it: billing keys update <key-id> --expires-at <date-time>',
  },
  {
    code: 'NotPermitted',
    // The seed's words, and today's ("does not support activations").
    detail: /does not (require activation|support activations)/i,
    message: 'the license key has no activation limit, so it is never activated',
    hint: 'Check it with billing keys validate instead.',
  },
  {
    // A 400 on the real service; a state all the same.
    code: 'BadRequest',
    detail: /more usages?/i,
    hint: 'The seller can reset or raise it: billing keys update <key-id> --usage 0 or --limit-usage <n>',
  },
];

/** The --org flag of the key commands: a UUID when given. */
export function orgFlag(value: string | undefined): string | undefined {
  return value === undefined ? undefined : uuid('--org', value);
}

export const ORG_HELP = "the key's organization (default: the profile's organization_id)";
export const KEY_ARG = 'the license key, or - to read it from stdin';

/** --public's help: the key calls of a device, without a token. */
export const PUBLIC_HELP =
  "use the public endpoint a device uses, without a token (always so on the seed's API)";

/**
 * Which door a key call goes through: on today's API the seller's (/v1/license-keys/…, with
 * the seller's token), as its description asks of a server; the public one with --public, and
 * on the seed's generation, which has no other.
 */
export async function keyDoor(
  ctx: Context,
  publicDoor: boolean | undefined,
): Promise<{ audience: Audience; call: KeyCall }> {
  const today = !publicDoor && ctx.apiVersion(await ctx.settings()) !== undefined;
  return today
    ? { audience: 'seller', call: { seller: true } }
    : { audience: 'none', call: { seller: false } };
}
