// `billing checkout get|update|confirm` end to end, and the customer session confirm keeps.
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Suite, startSuite, tempDir, tsv } from './cli.js';

let s: Suite;
let open: string[];

beforeAll(async () => {
  s = await startSuite();
  open = s.demo.open_checkout_ids;
});
afterAll(() => s.svc.stop());

const fetchCheckout = (id: string): Promise<Json> => s.call('GET', `/v1/checkouts/custom/${id}`);

describe('checkout list --status (issue 24)', () => {
  it("lists only sessions of those statuses; the seed's service is filtered by billing", async () => {
    const every: Json[] = [];
    for (let p = 1; ; p++) {
      const page = await s.call('GET', `/v1/checkouts/custom/?limit=100&page=${p}`);
      every.push(...page.items);
      if (p >= page.pagination.max_page) break;
    }
    const expected = every.filter((c) => ['open', 'expired'].includes(c.status)).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(1);
    const r = await s.run([
      'checkout',
      'list',
      '--status',
      'open,expired',
      '--all',
      '-o',
      'ndjson',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).id);
    expect(ids).toEqual(expected);
    const one = await s.run(['checkout', 'list', '--status', 'open', '--limit', '1', '--json']);
    expect(JSON.parse(one.stdout).map((c: Json) => c.status)).toEqual(['open']);
  });
});

describe('checkout get', () => {
  it('prints path/value lines in a pipe, the API object with --json, picked keys with --fields', async () => {
    const id = open[0]!;
    const c = await fetchCheckout(id);
    const [card, json, picked] = await Promise.all([
      s.run(['checkout', 'get', id]),
      s.run(['checkout', 'get', id, '--json']),
      s.run(['checkout', 'get', id, '--fields', 'status,total_amount,product.name']),
    ]);
    expect(card).toMatchObject({ code: 0, stderr: '' });
    expect(card.stdout).toBe(
      [
        `id\t${id}`,
        'status\topen',
        'product.name\tAcme Pro',
        'product_price.price_amount\t1900',
        'discount.name\t',
        'amount\t1900',
        'net_amount\t1900',
        // No billing address yet: no tax computed (null).
        'tax_amount\t',
        'total_amount\t1900',
        'is_payment_required\ttrue',
        'customer_email\t',
        'customer_name\t',
        'customer_id\t',
        `expires_at\t${c.expires_at}`,
        `url\t${c.url}`,
        `metadata\t${JSON.stringify(c.metadata)}`,
        'custom_field_data\t{}',
        '',
      ].join('\n'),
    );
    expect(JSON.parse(json.stdout)).toEqual(c);
    expect(picked.stdout).toBe('status\topen\ntotal_amount\t1900\nproduct.name\tAcme Pro\n');
  });

  it('an unknown checkout exits 6', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(await s.run(['checkout', 'get', id])).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: checkout ${id} not found\n`,
    });
  });
});

describe('checkout update', () => {
  it('sends flags and typed metadata; the service stores them', async () => {
    const id = open[1]!;
    const r = await s.run([
      'checkout',
      'update',
      id,
      '--customer-email',
      'jane@example.com',
      '--customer-name',
      'Jane Roe',
      '--metadata',
      'ref=spring-sale',
      '--metadata',
      'seats:=5',
      '--metadata',
      'trial:=true',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const stored = await fetchCheckout(id);
    expect(stored).toMatchObject({
      customer_email: 'jane@example.com',
      customer_name: 'Jane Roe',
      metadata: { ref: 'spring-sale', seats: 5, trial: true },
    });
    expect(JSON.parse(r.stdout)).toEqual(stored);
  });

  it('--data from a file and from stdin; a flag overrides the same field of --data', async () => {
    const id = open[1]!;
    const file = join(tempDir(), 'body.json');
    writeFileSync(file, JSON.stringify({ customer_name: 'From File', metadata: { src: 'file' } }));
    const fromFile = await s.run([
      'checkout',
      'update',
      id,
      '--data',
      `@${file}`,
      '--fields',
      'customer_name,metadata',
    ]);
    expect(fromFile.stdout).toBe('customer_name\tFrom File\nmetadata\t{"src":"file"}\n');
    const fromStdin = await s.run(
      [
        'checkout',
        'update',
        id,
        '--data',
        '-',
        '--customer-name',
        'Flag Wins',
        '--fields',
        'customer_name',
      ],
      { input: '{"customer_name": "From Stdin"}' },
    );
    expect(fromStdin).toEqual({ code: 0, stdout: 'customer_name\tFlag Wins\n', stderr: '' });
    expect((await fetchCheckout(id)).customer_name).toBe('Flag Wins');
  });

  it('a 422 from the service exits 2 with one line per field', async () => {
    const r = await s.run([
      'api',
      'PATCH',
      `/v1/checkouts/custom/${open[1]}`,
      '--data',
      '{"customer_email":"not-an-email"}',
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe('billing: the server rejected the request (422)');
    expect(lines[1]).toMatch(/^ {2}customer_email: \S/);
    expect(lines.slice(2)).toEqual(['']);
  });
});

describe('checkout confirm', () => {
  it('confirms by session id, keeps the customer session and hides its token', async () => {
    const r = await s.run([
      'checkout',
      'confirm',
      open[0]!,
      '--customer-email',
      'buyer@example.com',
      '--customer-name',
      'Buyer One',
      '--billing-address',
      'country=US,line1=1 Main St,city=Chicago,postal_code=60601,state=US-IL',
      '--confirmation-token',
      'tok_test',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const shown = JSON.parse(r.stdout);
    expect(shown).toMatchObject({
      id: open[0],
      status: 'confirmed',
      customer_email: 'buyer@example.com',
      customer_name: 'Buyer One',
      customer_billing_address: {
        line1: '1 Main St',
        city: 'Chicago',
        postal_code: '60601',
        state: 'US-IL',
        country: 'US',
      },
    });
    expect(shown.customer_session_token).toBe('[stored]');
    expect(r.stderr).toBe(
      '✓ Checkout confirmed for buyer@example.com. The customer session is stored for this profile for an hour.\n',
    );
    expect(statSync(join(s.configDir, 'credentials.json')).mode & 0o777).toBe(0o600);
  });

  it("customer-portal commands then see the new customer's subscription and license key", async () => {
    const [subs, keys] = await Promise.all([
      s.run([
        'subs',
        'list',
        '--mine',
        '--fields',
        'status,product.name,amount,recurring_interval',
      ]),
      s.run(['keys', 'list', '--mine', '--fields', 'status,customer.email']),
    ]);
    expect(subs.stdout).toBe(
      'status\tproduct.name\tamount\trecurring_interval\nactive\tAcme Pro\t1900\tmonth\n',
    );
    expect(keys.stdout).toBe('status\tcustomer.email\ngranted\tbuyer@example.com\n');
  });

  it('a missing required custom field is a 422 naming it; with it the confirm succeeds', async () => {
    const args = [
      'checkout',
      'confirm',
      open[2]!,
      '--customer-email',
      'team@example.com',
      '--customer-name',
      'Team Buyer',
      '--billing-address',
      'country=DE',
    ];
    const without = await s.run([...args, '--confirmation-token', 'tok_test']);
    expect(without).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n  custom_field_data.company: Field required\n' +
        `To confirm: set company with --data '{"custom_field_data": {"company": "…"}}'.\n`,
    });
    const data = '{"custom_field_data": {"company": "Initech"}, "confirmation_token_id": "tok"}';
    const ok = await s.run([...args, '--data', data, '--fields', 'status,custom_field_data']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe('status\tconfirmed\ncustom_field_data\t{"company":"Initech"}\n');
  });

  it('confirms a free checkout by client secret with no token at all', async () => {
    const { client_secret } = await fetchCheckout(open[3]!);
    const r = await s.run(
      [
        '--debug',
        'checkout',
        'confirm',
        client_secret,
        '--customer-email',
        'free@example.com',
        '-o',
        'tsv',
      ],
      { env: { BILLING_TOKEN: undefined } },
    );
    expect(r.code).toBe(0);
    expect(tsv(r.stdout).rows).toContainEqual(['status', 'confirmed']);
    expect(r.stderr).not.toMatch(/Authorization/);
    expect(r.stderr).not.toContain(client_secret);
  });

  it('expired exits 7, already confirmed exits 5, a malformed secret exits 2', async () => {
    const { expired_checkout_id: expired, confirmed_checkout_id: confirmed } = s.demo;
    const [gone, notOpen, update, bad] = await Promise.all([
      s.run(['checkout', 'confirm', expired, '--customer-email', 'x@example.com']),
      s.run(['checkout', 'confirm', confirmed, '--customer-email', 'x@example.com']),
      s.run(['checkout', 'update', confirmed, '--customer-name', 'Late']),
      s.run(['checkout', 'confirm', 'nope']),
    ]);
    expect(gone).toEqual({
      code: 7,
      stdout: '',
      stderr: 'billing: This checkout session has expired.\n',
    });
    // A refusal because of state is exit 7, with the way forward for each command.
    const notOpenLine = `billing: Checkout ${confirmed} is not open: confirmed\n`;
    expect(notOpen).toEqual({
      code: 7,
      stdout: '',
      stderr: `${notOpenLine}A confirmed checkout is done: its order is in \`billing orders list\`.\n`,
    });
    expect(update).toEqual({
      code: 7,
      stdout: '',
      stderr: `${notOpenLine}Only an open checkout can change.\n`,
    });
    expect(bad).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: client secret: expected polar_c_… or a checkout session id (UUID)\n',
    });
  });
});
