// POST /v1/products/{id}/benefits (SDK 0.20.2 products.updateBenefits): the product's benefits
// become the ones listed, as the real service's update_benefits makes them (product/service/
// product.py at f179ede58c, the seed generation): each listed benefit one the seller can see,
// a benefit that is not selectable neither added nor taken off, then `product.updated`, and the
// product's customers synced with the new list (the update_product_benefits_grants jobs of
// subscription/service.py and order/service.py, through the benefit grant service): every
// subscription but an incomplete one (an active or trialing one granted the benefits, any other
// revoked them), then every one-time purchase granted them; each grant of a benefit taken off
// revoked.
import { SUBSCRIPTION_ACTIVE_STATUSES } from '../../shared/api-facts.js';
import type { Visibility } from '../store/index.js';
import type { BenefitRow, ProductRow } from '../store/rows.js';
import type { Generation } from '../versions.js';
import { syncBenefitGrants } from './benefit-grants.js';
import { invalid } from './errors.js';
import type { Work } from './work.js';

export function updateProductBenefits(
  w: Work,
  visible: Visibility,
  product: ProductRow,
  ids: readonly string[],
  generation: Generation = 'seed',
): void {
  const { store, tx } = w;
  const previous = new Set(store.benefitGrants.ofProduct(product.id).map((b) => b.id));
  const chosen: BenefitRow[] = [];
  ids.forEach((raw, i) => {
    const b = visible.own(store.row('benefits', raw.toLowerCase()));
    // Today's has no benefit of a removed type (ads: remove_ads migration, e5100dbefd).
    const gone = !b || b.deleted_at || (generation === 'today' && b.type === 'ads');
    if (gone) throw invalid(['benefits', i], 'Benefit does not exist.', raw);
    // Today's refuses another organization's benefit (product/service.py update_benefits at
    // c6c3645e); the seed's took any the seller sees.
    if (generation === 'today' && b.organization_id !== product.organization_id)
      throw invalid(
        ['benefits', i],
        'Benefit must be on the same organization as the product.',
        raw,
      );
    if (b.selectable !== 1 && !previous.has(b.id))
      throw invalid(['benefits', i], 'Benefit is not selectable.', raw);
    // Twice in the list breaks the real service's primary key (a 500): here, a 422.
    if (chosen.some((c) => c.id === b.id))
      throw invalid(['benefits', i], 'Benefit is listed more than once.', raw);
    chosen.push(b);
  });
  const kept = new Set(chosen.map((b) => b.id));
  for (const id of previous) {
    const b = store.row('benefits', id)!;
    if (!kept.has(id) && b.selectable !== 1)
      throw invalid(['benefits'], 'Benefit is not selectable.', id);
  }
  store.products.setBenefits(
    product.id,
    chosen.map((b) => b.id),
  );
  tx.emit({ type: 'product.updated', id: product.id });
  const active = SUBSCRIPTION_ACTIVE_STATUSES as readonly string[];
  for (const sub of store.subscriptions.ofProduct(product.id)) {
    if (sub.status === 'incomplete') continue;
    const customer = store.row('customers', sub.customer_id);
    // The real job finds no customer once it is deleted, and grants nothing.
    if (!customer || customer.deleted_at) continue;
    const task = active.includes(sub.status) ? 'grant' : 'revoke';
    syncBenefitGrants(w, task, product.id, customer, { subscriptionId: sub.id });
  }
  for (const order of store.orders.oneTimeOf(product.id)) {
    const customer = store.row('customers', order.customer_id);
    if (!customer || customer.deleted_at) continue;
    syncBenefitGrants(w, 'grant', product.id, customer, { orderId: order.id });
  }
}
