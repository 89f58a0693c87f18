// What a person at a terminal sees and types, in a real pseudo-terminal (issue 13): Ctrl+C
// ends every command in every phase with exit 130 at once and leaves the terminal as it was;
// long output goes through the pager; destructive commands ask first.
import { stripVTControlCharacters } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../src/server/faults.js';
import { type RunningService, start } from '../../src/server/index.js';
import { spawnTerminal, type Terminal } from '../helpers/pty.js';
import { BIN, configDirWithFileStorage, spawnBin, tempDir } from './cli.js';

// Each command below waits on something that takes minutes or never ends (a pasted address, the
// browser, a 30 s Retry-After, 400 ms pages of a long list, a question, the pager): only the
// Ctrl+C can end it within the test's time. How fast it ends is a figure of the bench
// (bench/interrupt.mjs), not an assertion here.

// less's prompt at the foot of the first screen.
// biome-ignore lint/suspicious/noControlCharactersInRegex: less clears the line with ESC [K
const LESS_PROMPT = /\r\n:\x1b\[K|\n:$/;

let svc: RunningService;
const open: Terminal[] = [];

beforeAll(async () => {
  svc = await start({ port: 0 });
});
afterAll(() => svc.stop());
afterEach(() => {
  for (const t of open.splice(0)) t.kill();
});

function terminal(args: string[], env: Record<string, string | undefined> = {}): Terminal {
  const t = spawnTerminal([process.execPath, BIN, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: tempDir('billing-home-'),
      BILLING_BASE_URL: svc.url,
      BILLING_CONFIG_DIR: configDirWithFileStorage(),
      ...env,
    },
  });
  open.push(t);
  return t;
}

/** Types Ctrl+C once `ready` shows, and returns how the command exited. */
async function interrupt(t: Terminal, ready: RegExp) {
  await t.waitFor(ready);
  t.write('\x03');
  const { code } = await t.exited;
  return { code };
}

describe('Ctrl+C', () => {
  it('while login waits for a pasted address (--no-browser)', async () => {
    const t = terminal(['login', '--no-browser']);
    const r = await interrupt(t, /press Enter/);
    expect(r.code).toBe(130);
  });

  it('while login waits for the browser', async () => {
    // A display that does not exist: opening the browser fails and login waits on.
    const t = terminal(['login'], { DISPLAY: ':99', BROWSER: 'false' });
    const r = await interrupt(t, /Waiting for the browser/);
    expect(r.code).toBe(130);
  });

  it('while a read waits out a 30-second Retry-After', async () => {
    svc.faults.set(parseFaultSpec('503:1,retry-after:30@/v1/orders*;seed=1'));
    try {
      const t = terminal(['orders', 'list'], {
        BILLING_TOKEN: svc.demo!.personal_access_token,
      });
      // Each wait is said on the terminal (not only with --debug).
      const r = await interrupt(t, /503 Service Unavailable, retrying in 30 s… \(attempt 2 of 4\)/);
      expect(r.code).toBe(130);
    } finally {
      svc.faults.set({ rules: [] });
    }
  });

  it('while --all fetches pages from a slow service', async () => {
    svc.faults.set(parseFaultSpec('latency:400@/v1/orders*;seed=1'));
    try {
      const t = terminal(['orders', 'list', '--all', '--page-size', '1', '--no-pager'], {
        BILLING_TOKEN: svc.demo!.personal_access_token,
      });
      // The first page's row is out; the next pages are on their way.
      const r = await interrupt(t, /[0-9a-f]{8}-[0-9a-f-]{27}\s/);
      expect(r.code).toBe(130);
      expect(t.output).toContain('billing: interrupted');
    } finally {
      svc.faults.set({ rules: [] });
    }
  });

  it('prints each page of a table as it arrives, not at the end', async () => {
    svc.faults.set(parseFaultSpec('latency:300@/v1/orders*;seed=1'));
    try {
      const t = terminal(['orders', 'list', '--limit', '4', '--page-size', '1', '--no-pager'], {
        BILLING_TOKEN: svc.demo!.personal_access_token,
      });
      let done = false;
      void t.exited.then(() => {
        done = true;
      });
      await t.waitFor(/[0-9a-f]{8}-[0-9a-f-]{27}\s/);
      // The first row is out while three more pages are still to come.
      expect(done).toBe(false);
      expect((await t.exited).code).toBe(0);
      const plain = stripVTControlCharacters(t.output);
      expect(plain.match(/[0-9a-f]{8}-[0-9a-f-]{27}\s/g)).toHaveLength(4);
    } finally {
      svc.faults.set({ rules: [] });
    }
  });
});

describe('a destructive command asks on a terminal', () => {
  const activeSubscription = (): string =>
    svc.store.get<{ id: string }>(
      "SELECT id FROM subscriptions WHERE status = 'active' AND organization_id = ? ORDER BY id",
      svc.demo!.organization_id,
    )!.id;
  const statusOf = (id: string) =>
    svc.store.get<{ status: string }>('SELECT status FROM subscriptions WHERE id = ?', id)!.status;
  const env = () => ({ BILLING_TOKEN: svc.demo!.personal_access_token });

  it('no (the default) changes nothing and exits 2', async () => {
    const id = activeSubscription();
    const t = terminal(['subs', 'cancel', id, '--now'], env());
    await t.waitFor(/\[y\/N\] $/);
    t.write('\r');
    expect((await t.exited).code).toBe(2);
    expect(t.output).toContain('not confirmed; nothing was changed');
    expect(statusOf(id)).toBe('active');
  });

  it('Ctrl+C at the question exits 130 and changes nothing', async () => {
    const id = activeSubscription();
    const t = terminal(['subs', 'cancel', id, '--now'], env());
    const r = await interrupt(t, /\[y\/N\] $/);
    expect(r.code).toBe(130);
    expect(statusOf(id)).toBe('active');
  });

  it('yes goes ahead; the question names whose subscription and of what', async () => {
    const id = activeSubscription();
    const who = svc.store.get<{ email: string; name: string }>(
      `SELECT c.email, p.name FROM subscriptions s JOIN customers c ON c.id = s.customer_id
       JOIN products p ON p.id = s.product_id WHERE s.id = ?`,
      id,
    )!;
    const t = terminal(['subs', 'cancel', id, '--now'], env());
    await t.waitFor(/\[y\/N\] $/);
    expect(stripVTControlCharacters(t.output)).toContain(
      `? End ${who.email}'s ${who.name} subscription (${id}) now? Its benefits are revoked at once. [y/N] `,
    );
    t.write('y\r');
    expect((await t.exited).code).toBe(0);
    expect(statusOf(id)).toBe('canceled');
  });
});

describe('the price picker of subs change-price', () => {
  // The seed's generation moves a subscription to a price (today's to a product: below).
  const env = () => ({
    BILLING_TOKEN: svc.demo!.personal_access_token,
    BILLING_API_VERSION: 'none',
  });
  const activeSubscription = () =>
    svc.store.get<{ id: string; price_id: string }>(
      "SELECT id, price_id FROM subscriptions WHERE status = 'active' AND organization_id = ? ORDER BY id DESC",
      svc.demo!.organization_id,
    )!;
  const priceOf = (id: string) =>
    svc.store.get<{ price_id: string }>('SELECT price_id FROM subscriptions WHERE id = ?', id)!
      .price_id;

  it('names the subscription, marks its price, asks again after a bad answer; the number typed is the price it moves to', async () => {
    const sub = activeSubscription();
    const who = svc.store.get<{ email: string; name: string }>(
      `SELECT c.email, p.name FROM subscriptions s JOIN customers c ON c.id = s.customer_id
       JOIN products p ON p.id = s.product_id WHERE s.id = ?`,
      sub.id,
    )!;
    const t = terminal(['subs', 'change-price', sub.id], env());
    await t.waitFor(/Which one\? \[1-\d+\] $/);
    const screen = stripVTControlCharacters(t.output);
    expect(screen).toContain(
      `Move subscription ${sub.id} (${who.email}, ${who.name}) to which recurring price?`,
    );
    // Every choice is a numbered line with its price id; the current one is marked.
    const choices = [
      ...screen.matchAll(/^ *(\d+)\) .+ {2}([0-9a-f-]{36})( {2}\(current\))?\r?$/gm),
    ].map((m) => ({ n: m[1]!, price: m[2]!, current: Boolean(m[3]) }));
    expect(choices.length).toBeGreaterThan(1);
    expect(choices.filter((c) => c.current).map((c) => c.price)).toEqual([sub.price_id]);
    const current = choices.find((c) => c.current)!;
    t.write(`${current.n}\r`);
    await t.waitFor(
      /is the current one: pick another, or an empty line to stop\r?\n\? Which one\? \[1-\d+\] $/,
    );
    t.write('99\r');
    await t.waitFor(
      /"99" is not one of them: type a number from 1 to \d+, or an empty line to stop\r?\n\? Which one\? \[1-\d+\] $/,
    );
    const target = choices.find((c) => !c.current)!;
    t.write(`${target.n}\r`);
    expect((await t.exited).code).toBe(0);
    expect(priceOf(sub.id)).toBe(target.price);
    expect(stripVTControlCharacters(t.output)).toContain(`is now on price ${target.price}.`);
  });

  it('Ctrl+C at the question exits 130 and changes nothing', async () => {
    const sub = activeSubscription();
    const before = priceOf(sub.id);
    const t = terminal(['subs', 'change-price', sub.id], env());
    const r = await interrupt(t, /Which one\? \[1-\d+\] $/);
    expect(r.code).toBe(130);
    expect(priceOf(sub.id)).toBe(before);
  });
});

describe("the product picker of subs change-price (today's generation)", () => {
  const env = () => ({ BILLING_TOKEN: svc.demo!.personal_access_token });
  it('offers the products a subscription can move to (none with legacy prices); the number typed is the product it moves to', async () => {
    const sub = svc.store.get<{ id: string; product_id: string }>(
      "SELECT id, product_id FROM subscriptions WHERE status = 'active' AND organization_id = ? ORDER BY id",
      svc.demo!.organization_id,
    )!;
    // The demo's recurring products keep a price per interval, as the real migration left them
    // (legacy prices): today's service moves no subscription to them. A product of today's form:
    const made = await spawnBin(
      ['products', 'create', '--name', 'Acme Solo', '--price', '29/month', '--json'],
      {
        HOME: tempDir('billing-home-'),
        BILLING_BASE_URL: svc.url,
        BILLING_CONFIG_DIR: configDirWithFileStorage(),
        ...env(),
      },
    );
    expect(made.code, made.stderr).toBe(0);
    const solo = JSON.parse(made.stdout).id as string;
    const t = terminal(['subs', 'change-price', sub.id], env());
    await t.waitFor(/Which one\? \[1-\d+\] $/);
    const screen = stripVTControlCharacters(t.output);
    expect(screen).toMatch(/to which recurring product\?/);
    expect(screen).toMatch(new RegExp(`\\d+\\) Acme Solo: \\$29\\.00 USD/month {2}${solo}`));
    expect(screen).not.toMatch(/Acme (Pro|Team):/);
    const choice = screen.match(/(\d+)\) Acme Solo/)![1]!;
    t.write(`${choice}\r`);
    expect((await t.exited).code).toBe(0);
    const after = svc.store.get<{ product_id: string }>(
      'SELECT product_id FROM subscriptions WHERE id = ?',
      sub.id,
    )!;
    expect(after.product_id).toBe(solo);
  });
});

describe('the pager', () => {
  const env = () => ({ BILLING_TOKEN: svc.demo!.personal_access_token, PAGER: 'less' });

  it('pages a list longer than the screen; q quits it, exit 0', async () => {
    const t = terminal(['orders', 'list', '--all'], env());
    // less shows its prompt at the foot of the first screen.
    await t.waitFor(LESS_PROMPT);
    expect(stripVTControlCharacters(t.output)).toMatch(/ID\s+CREATED\s+CUSTOMER/);
    t.write('q');
    expect((await t.exited).code).toBe(0);
  });

  it('Ctrl+C in the pager ends both, exit 130', async () => {
    const t = terminal(['orders', 'list', '--all'], env());
    const r = await interrupt(t, LESS_PROMPT);
    expect(r.code).toBe(130);
    expect(t.output).toContain('billing: interrupted');
  });

  it('--no-pager, an empty BILLING_PAGER and a short list print straight to the terminal', async () => {
    for (const [args, extra] of [
      [['orders', 'list', '--all', '--no-pager'], {}],
      [['orders', 'list', '--all'], { BILLING_PAGER: '' }],
      [['orders', 'list', '--limit', '3'], {}],
    ] as const) {
      const t = terminal([...args], { ...env(), ...extra });
      expect((await t.exited).code).toBe(0);
      expect(t.output).not.toMatch(LESS_PROMPT);
      expect(stripVTControlCharacters(t.output)).toMatch(/ID\s+CREATED\s+CUSTOMER/);
    }
  });
});

describe('links delete at 2026-10 (a checkout link)', () => {
  const env = () => ({
    BILLING_TOKEN: svc.demo!.personal_access_token,
    BILLING_API_VERSION: '2026-10',
  });
  /** A new link of the demo's first product, made through the API at 2026-10: its id. */
  async function newLink(label: string): Promise<string> {
    const headers = {
      authorization: `Bearer ${svc.demo!.personal_access_token}`,
      'polar-version': '2026-10',
      'content-type': 'application/json',
    };
    const products = await fetch(`${svc.url}/v1/products/?limit=1`, { headers }).then((r) =>
      r.json(),
    );
    const res = await fetch(`${svc.url}/v1/checkout-links/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        payment_processor: 'stripe',
        products: [(products as { items: { id: string }[] }).items[0]!.id],
        label,
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
  const exists = (id: string) =>
    svc.store.get('SELECT id FROM checkout_links WHERE id = ? AND deleted_at IS NULL', id) !==
    undefined;

  it('asks, naming the link by its label; Enter (no) keeps it, y deletes it', async () => {
    const id = await newLink('Pricing page');
    const question = `? Delete checkout link "Pricing page" (${id})? Its URL stops working wherever it was shared; this cannot be undone. [y/N] `;
    const no = terminal(['links', 'delete', id], env());
    await no.waitFor(/\[y\/N\] $/);
    expect(stripVTControlCharacters(no.output)).toContain(question);
    no.write('\r');
    expect((await no.exited).code).toBe(2);
    expect(exists(id)).toBe(true);
    const yes = terminal(['links', 'delete', id], env());
    await yes.waitFor(/\[y\/N\] $/);
    yes.write('y\r');
    expect((await yes.exited).code).toBe(0);
    expect(stripVTControlCharacters(yes.output)).toContain(`✓ Checkout link ${id} deleted.`);
    expect(exists(id)).toBe(false);
  });
});
