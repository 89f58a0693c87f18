// An order's invoice and receipt as the sandbox renders them (the real service renders PDFs
// with its own layout: invoice/generator.py, receipt/generator.py at c6c3645e): the numbers,
// the dates, whom it was billed to, the line and the amounts; a receipt adds what was paid and
// each refund that succeeded.
import type { OrderRow, RefundRow } from '../store/rows.js';
import { j, type Loader } from './loader.js';
import { type PdfLine, textPdf } from './pdf.js';

function money(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(
      cents / 100,
    );
  } catch {
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
}

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

/** The seller, whom it was billed to, the line and the amounts: what both documents show. */
function body(l: Loader, r: OrderRow): PdfLine[] {
  const org = l.row('organizations', r.organization_id);
  const product = l.row('products', r.product_id);
  const a = (j(r.billing_address) ?? {}) as Record<string, string | null>;
  const place = [a.postal_code, a.city, a.state].filter(Boolean).join(' ');
  const billedTo = [r.billing_name, a.line1, a.line2, place, a.country].filter((x): x is string =>
    Boolean(x),
  );
  const discount = r.discount_amount ?? 0;
  const lines: PdfLine[] = [
    { text: 'From', bold: true, gap: 12 },
    { text: org?.name ?? '' },
    { text: 'Billed to', bold: true, gap: 8 },
    ...billedTo.map((text) => ({ text })),
    { text: 'Description', bold: true, gap: 16, right: 'Amount' },
    { text: product?.name ?? '', right: money(r.amount + discount, r.currency) },
    { text: 'Subtotal', gap: 8, right: money(r.amount + discount, r.currency) },
  ];
  if (discount) lines.push({ text: 'Discount', right: `-${money(discount, r.currency)}` });
  lines.push(
    { text: 'Tax', right: money(r.tax_amount, r.currency) },
    { text: 'Total', bold: true, right: money(r.amount + r.tax_amount, r.currency) },
  );
  return lines;
}

export function invoicePdf(l: Loader, r: OrderRow): Buffer {
  return textPdf([
    { text: 'Invoice', size: 20, bold: true },
    { text: `Invoice number: ${r.invoice_number ?? ''}`, gap: 8 },
    { text: `Date of issue: ${day(r.created_at)}` },
    ...body(l, r),
    { text: 'Issued by the billing sandbox: no money was moved.', size: 8, gap: 24 },
  ]);
}

export function receiptPdf(l: Loader, r: OrderRow, refunds: readonly RefundRow[]): Buffer {
  const total = r.amount + r.tax_amount;
  const lines: PdfLine[] = [
    { text: 'Receipt', size: 20, bold: true },
    { text: `Receipt number: ${r.receipt_number ?? ''}`, gap: 8 },
    { text: `Invoice number: ${r.invoice_number ?? ''}` },
    { text: `Date paid: ${day(r.created_at)}` },
    ...body(l, r),
    { text: 'Amount paid', bold: true, gap: 8, right: money(total, r.currency) },
  ];
  for (const refund of refunds)
    lines.push({
      text: `Refund, ${day(refund.created_at)}`,
      right: `-${money(refund.amount + refund.tax_amount, r.currency)}`,
    });
  lines.push({ text: 'Issued by the billing sandbox: no money was moved.', size: 8, gap: 24 });
  return textPdf(lines);
}
