// A product named by id or by name, where people type names (`products get "Acme Pro"`): a name
// is looked up among the seller's products (GET /v1/products/?query=…), exact and without case;
// several of that name is a usage error listing them.
import { ApiError, UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { clip } from '../../input.js';
import { safeText } from '../../io/safe.js';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The argument checked: a UUID (lower-cased), else a name of one line. */
export function productRef(what: string, value: string): string {
  if (UUID.test(value)) return value.toLowerCase();
  if (value.trim() === '' || /[\r\n]/.test(value) || value.length > 256) {
    throw new UsageError(`${what}: "${clip(value)}" is neither a product id (UUID) nor a name`);
  }
  return value;
}

/** The product id of a reference: itself, or the one product of that name (archived too). */
export async function productId(ctx: Context, what: string, ref: string): Promise<string> {
  if (UUID.test(ref)) return ref;
  const [{ products }, client] = await Promise.all([
    import('../../../api/index.js'),
    ctx.api('seller'),
  ]);
  const wanted = ref.trim().toLowerCase();
  const found: { id: string; name: string; archived: boolean }[] = [];
  for await (const p of products.list(client, { query: ref.trim() }, { limit: 100 })) {
    if (typeof p.name === 'string' && p.name.trim().toLowerCase() === wanted) {
      found.push({ id: p.id, name: p.name, archived: p.is_archived === true });
    }
  }
  if (found.length === 1) return found[0]!.id;
  if (found.length === 0) {
    throw new ApiError(404, `${what}: no product is named "${safeText(clip(ref))}"`, {
      hint: 'Find it with: billing products list --query <part of the name> (--archived too)',
    });
  }
  const matches = found.map((p) => `${p.id}${p.archived ? ' (archived)' : ''}`);
  throw new UsageError(
    `${what}: ${found.length} products are named "${safeText(clip(ref))}": ${matches.join(', ')}`,
    { hint: 'Pass the product id instead.' },
  );
}
