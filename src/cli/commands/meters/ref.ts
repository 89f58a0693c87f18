// A meter named by id or by name (`meters quantities "API requests"`): a name is looked up among
// the seller's meters (GET /v1/meters/?query=…), exact and without case.
import { ApiError, UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { clip } from '../../input.js';
import { safeText } from '../../io/safe.js';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The argument checked: a UUID (lower-cased), else a name of one line. */
export function meterRef(what: string, value: string): string {
  if (UUID.test(value)) return value.toLowerCase();
  if (value.trim() === '' || /[\r\n]/.test(value) || value.length > 256)
    throw new UsageError(`${what}: "${clip(value)}" is neither a meter id (UUID) nor a name`);
  return value;
}

/** The meter id of a reference: itself, or the one meter of that name (archived too). */
export async function meterId(ctx: Context, what: string, ref: string): Promise<string> {
  if (UUID.test(ref)) return ref;
  const [{ meters }, client] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api('seller'),
  ]);
  const wanted = ref.trim().toLowerCase();
  const found: string[] = [];
  for await (const m of meters.list(client, { query: ref.trim() }, { limit: 100 }))
    if (typeof m.name === 'string' && m.name.trim().toLowerCase() === wanted) found.push(m.id);
  if (found.length === 1) return found[0]!;
  if (found.length === 0)
    throw new ApiError(404, `${what}: no meter is named "${safeText(clip(ref))}"`, {
      hint: 'Find it with: billing meters list',
    });
  throw new UsageError(
    `${what}: ${found.length} meters are named "${safeText(clip(ref))}": ${found.join(', ')}`,
    { hint: 'Pass the meter id instead.' },
  );
}
