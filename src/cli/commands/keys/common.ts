// Helpers of the key commands: the key argument (or stdin) and the organization.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { uuid } from '../../input.js';
import type { Session } from '../../session.js';

/** The license key from argv, or from stdin with `-` (keeps it out of the process list). */
export async function keyArgument(value: string, ctx: Context): Promise<string> {
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

/** --org, else the profile's default organization. */
export async function organization(flag: string | undefined, s: Session): Promise<string> {
  if (flag !== undefined) return uuid('--org', flag);
  const org = await s.defaultOrganization();
  if (org) return org;
  throw new UsageError(
    '--org is required (or set a default: billing config set organization_id <id>)',
  );
}
