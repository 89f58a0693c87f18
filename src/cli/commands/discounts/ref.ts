// A discount named by id or by its code, where people type codes (`checkout create --discount
// LAUNCH10`): a code is looked up among the seller's discounts, without case (the service
// compares codes so).
import { ApiError, UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { clip } from '../../input.js';
import { safeText } from '../../io/safe.js';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const CODE = /^[A-Za-z0-9]{3,256}$/;

/** The flag's value checked: a UUID (lower-cased), else a code (letters and digits). */
export function discountRef(flag: string, value: string): string {
  if (UUID.test(value)) return value.toLowerCase();
  if (CODE.test(value)) return value;
  throw new UsageError(`${flag}: "${clip(value)}" is neither a discount id (UUID) nor a code`);
}

/** The discount id of a reference: itself, or the one discount with that code. */
export async function discountId(ctx: Context, flag: string, ref: string): Promise<string> {
  if (UUID.test(ref)) return ref;
  const [{ discounts }, client] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api('seller'),
  ]);
  const found: string[] = [];
  for await (const d of discounts.list(client, {}, { pageSize: 100 })) {
    if (typeof d.code === 'string' && d.code.toLowerCase() === ref.toLowerCase()) found.push(d.id);
  }
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new ApiError(404, `${flag}: no discount has the code ${safeText(ref)}`, {
      hint: 'Your discounts and their codes: billing discounts list',
    });
  }
  throw new UsageError(`${flag}: ${found.length} discounts have the code ${safeText(ref)}`, {
    hint: `Pass the id of one instead: ${found.join(', ')}`,
  });
}
