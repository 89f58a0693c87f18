// The hosted checkout page as the README shows it (docs/checkout-desktop.png, 1280×800, and
// docs/checkout-mobile.png, 390×844), and the layout promises those pictures make: on a laptop
// screen the whole summary and the Pay button are in view; on a phone nothing runs off the side.
// BILLING_WRITE_SCREENSHOTS=1 writes the pictures again (the demo data is the same on every
// start, so they only change when the page does).
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import { launchChromium, requireChromium, skipWithoutChromium } from '../helpers/chromium.js';

const skip = skipWithoutChromium('checkout-screenshots');
const write = process.env.BILLING_WRITE_SCREENSHOTS === '1';
const docs = (name: string) => fileURLToPath(new URL(`../../docs/${name}`, import.meta.url));

describe.skipIf(skip)('the checkout page’s pictures', () => {
  let svc: RunningService;
  let browser: Browser;
  let price: string;

  beforeAll(async () => {
    requireChromium();
    svc = await start({ port: 0 });
    const res = await fetch(`${svc.url}/v1/products/?limit=100`, {
      headers: { authorization: `Bearer ${svc.demo!.personal_access_token}` },
    });
    const { items } = (await res.json()) as {
      items: { name: string; prices: { id: string; recurring_interval: string | null }[] }[];
    };
    price = items
      .find((p) => p.name === 'Acme Team')!
      .prices.find((p) => p.recurring_interval === 'month')!.id;
    browser = await launchChromium(['--hide-scrollbars']);
  });
  afterAll(async () => {
    await browser?.close();
    await svc?.stop();
  });

  /** A Team session as a buyer leaves it just before paying: details filled, LAUNCH10 applied. */
  async function filled(width: number, height: number): Promise<Page> {
    const res = await fetch(`${svc.url}/v1/checkouts/custom/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${svc.demo!.personal_access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        product_price_id: price,
        customer_email: 'jane@example.com',
        customer_name: 'Jane Doe',
        customer_billing_address: { country: 'US', state: 'US-IL', postal_code: '60601' },
        custom_field_data: { company: 'Initech', seats: 5 },
      }),
    });
    const { url } = (await res.json()) as { url: string };
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.goto(url);
    await page.getByLabel('Discount code').fill('LAUNCH10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Pay $39.00' }).waitFor();
    return page;
  }

  const inView = (page: Page, selector: string) =>
    page.locator(selector).evaluate((el) => {
      const r = el.getBoundingClientRect();
      const w = globalThis as unknown as { innerWidth: number; innerHeight: number };
      return r.top >= 0 && r.left >= 0 && r.bottom <= w.innerHeight && r.right <= w.innerWidth;
    });

  it('1280×800: the summary, the total and Pay are all in view', async () => {
    const page = await filled(1280, 800);
    for (const selector of ['.product-name', '.price', '.line.discount', '.totals', '#pay'])
      expect(await inView(page, selector), selector).toBe(true);
    if (write) await page.screenshot({ path: docs('checkout-desktop.png') });
    await page.close();
  });

  it('390×844: one column, nothing wider than the screen, Pay in view without scrolling', async () => {
    const page = await filled(390, 844);
    const widths = await page.evaluate(() => {
      const d = (
        globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }
      ).document;
      return d.documentElement.scrollWidth;
    });
    expect(widths).toBeLessThanOrEqual(390);
    // Issue 24: on a phone the Pay button (with the amount) is on the first screen.
    for (const selector of ['.price', '.line.discount', '.totals', '#pay'])
      expect(await inView(page, selector), selector).toBe(true);
    if (write) await page.screenshot({ path: docs('checkout-mobile.png') });
    // It covers nothing for good: at the foot of the page the last line sits above it.
    await page.evaluate(() => {
      const w = globalThis as unknown as { scrollTo(x: number, y: number): void };
      w.scrollTo(0, 1e6);
    });
    const [last, bar] = await Promise.all([
      page.locator('.powered').boundingBox(),
      page.locator('.pay-bar').boundingBox(),
    ]);
    expect(last!.y + last!.height).toBeLessThanOrEqual(bar!.y);
    expect(await inView(page, '#pay')).toBe(true);
    await page.close();
  });

  it('says it is a sandbox once, on the form and on the receipt, which says what later periods cost', async () => {
    const page = await filled(1280, 800);
    const said = async () =>
      ((await page.locator('body').innerText()).match(/sandbox/gi) ?? []).length;
    expect(await said()).toBe(1);
    await page.getByRole('button', { name: 'Pay $39.00' }).click();
    await page.getByRole('heading', { name: 'Your subscription is active' }).waitFor();
    expect(await said()).toBe(1);
    // LAUNCH10 is once: the periods after the first cost the full price.
    const then = page.locator('.receipt .line', { hasText: 'Then' });
    expect(await then.innerText()).toMatch(/^Then\s+\$49\.00 per month$/);
    await page.close();
  });
});
