// The facts an order gets when it is made, as today's real service gives them (polarsource/polar
// at c6c3645e): its invoice number (organization/service.py get_next_invoice_number, the
// default `customer` numbering: the organization's prefix — its slug in capitals at creation —,
// the customer's short id and the customer's next number), its receipt number once a payment
// succeeded for it (receipt/service.py allocate: RCPT-, the short id, the customer's next receipt
// number; a free order has no payment and no receipt) and the billing name (the customer's
// billing name, else its name). Orders written without them — the demo's history, a --db file
// from before issue 26 — are settled here, oldest first, so the numbers follow the dates.
import type { Db } from './db.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHORT_IDS = 26 ** 8;

/**
 * The customer's short id in base 26, 8 letters (models/customer.py short_id_to_base26). The real
 * one is a number the database makes at creation; the sandbox takes it from the customer's id.
 */
export function customerShortId(customerId: string): string {
  let n = Number.parseInt(customerId.replaceAll('-', '').slice(0, 12), 16) % SHORT_IDS;
  let out = '';
  while (n > 0) {
    out = LETTERS[n % 26] + out;
    n = Math.floor(n / 26);
  }
  return out.padStart(8, 'A');
}

const pad = (n: number) => String(n).padStart(4, '0');

export const invoiceNumber = (slug: string, customerId: string, n: number) =>
  `${slug.toUpperCase()}-${customerShortId(customerId)}-${pad(n)}`;

export const receiptNumber = (customerId: string, n: number) =>
  `RCPT-${customerShortId(customerId)}-${pad(n)}`;

/** How many invoice and receipt numbers the customer's orders hold. */
export function numbersOf(db: Db, customerId: string): { invoices: number; receipts: number } {
  return db.get<{ invoices: number; receipts: number }>(
    `SELECT COUNT(invoice_number) AS invoices, COUNT(receipt_number) AS receipts
     FROM orders WHERE customer_id = ?`,
    customerId,
  )!;
}

/**
 * What an order's discount took off: as stored, else — an order stored before the amounts were
 * split, its `amount` after the discount — what its checkout's amount, else its fixed price
 * (`base`), was above what it cost.
 */
export function settledDiscount(o: {
  discount_id: string | null;
  discount_amount: number;
  base: number | null;
  amount: number;
}): number {
  return o.discount_id && o.discount_amount === 0 && o.base != null
    ? Math.max(0, o.base - o.amount)
    : o.discount_amount;
}

interface Unsettled {
  rid: number;
  customer_id: string;
  total: number;
  slug: string;
  billing_name: string | null;
  discount_id: string | null;
  discount_amount: number;
  /** What the order cost before its discount, as far as the rows still say it. */
  base: number | null;
  amount: number;
}

/**
 * Gives every order that has no invoice number its creation facts, oldest first. The discount
 * of an order stored before the amounts were split (the seed's `amount` is after it) is what
 * its checkout's amount, else its fixed price, was above what it cost. In the open transaction.
 */
export function settleOrders(db: Db): void {
  // What the customers' numbered orders hold, in one query (the demo's 100 000 orders have a
  // thousand customers).
  const counts = new Map(
    db
      .all<{ customer_id: string; invoices: number; receipts: number }>(
        `SELECT customer_id, COUNT(invoice_number) AS invoices, COUNT(receipt_number) AS receipts
         FROM orders WHERE customer_id IN (SELECT customer_id FROM orders WHERE invoice_number IS NULL)
         GROUP BY customer_id`,
      )
      .map(({ customer_id, ...n }) => [customer_id, n]),
  );
  if (!counts.size) return;
  // Read one at a time (holding the demo's 100 000 at once grew the heap by 110 MB for good).
  // NOT INDEXED: the rows are sorted before the first is read, so the updates below never move
  // what the reading walks.
  const rows = db.iterate<Unsettled>(
    `SELECT o.rowid AS rid, o.customer_id, o.amount + o.tax_amount AS total, g.slug, o.amount,
       COALESCE(o.billing_name, c.billing_name, c.name) AS billing_name, o.discount_id, o.discount_amount,
       COALESCE((SELECT amount FROM checkouts WHERE id = o.checkout_id),
         (SELECT price_amount FROM prices WHERE id = o.product_price_id AND amount_type = 'fixed')) AS base
     FROM orders o NOT INDEXED JOIN organizations g ON g.id = o.organization_id JOIN customers c ON c.id = o.customer_id
     WHERE o.invoice_number IS NULL ORDER BY o.created_at, o.id`,
  );
  for (const o of rows) {
    const n = counts.get(o.customer_id)!;
    n.invoices += 1;
    const receipt = o.total > 0 ? receiptNumber(o.customer_id, ++n.receipts) : null;
    const discount = settledDiscount(o);
    db.run(
      `UPDATE orders SET invoice_number = ?, receipt_number = ?, billing_name = ?, discount_amount = ?
       WHERE rowid = ?`,
      invoiceNumber(o.slug, o.customer_id, n.invoices),
      receipt,
      o.billing_name,
      discount,
      o.rid,
    );
  }
}
