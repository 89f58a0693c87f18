// The CLI against what the real service may send (issue 11): bodies generated from the
// official SDK's models — minimal, full, every union branch — are served by a small fake
// server, and every command that reads a resource runs against them in table, TSV and JSON
// modes. Each run must exit 0, never call the answer unexpected, and print every id.
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';
import { BUYER_FLAGS, fileStorageConfigDir, useFakeService } from './fake-service.js';
import { components, idsIn, type Variant, variants, WireGenerator } from './wire.js';

const ID = '0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21';
const ID2 = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const TOKEN = 'polar_pat_cliShapesTestTokenNeverSentAnywhereElse0000000';

type Route = [method: string, path: string, model: string, list?: boolean];

interface Case {
  argv: string[];
  /** What the command reads, in the order it asks; the last answer is the one printed. */
  routes: Route[];
  /** Formats to try; whoami has no table or TSV form. */
  modes?: Mode[];
  /** The token the command runs with (its kind decides what whoami asks). */
  token?: string;
}

type Mode = 'table' | 'tsv' | 'json';

const cases: Case[] = [
  { argv: ['org', 'get', ID], routes: [['GET', `/v1/organizations/${ID}`, 'Organization']] },
  {
    argv: ['org', 'update', ID, '--name', 'Acme Two'],
    routes: [['PATCH', `/v1/organizations/${ID}`, 'Organization']],
  },
  { argv: ['orders', 'list'], routes: [['GET', '/v1/orders/', 'Order', true]] },
  { argv: ['orders', 'get', ID], routes: [['GET', `/v1/orders/${ID}`, 'Order']] },
  { argv: ['checkout', 'get', ID], routes: [['GET', `/v1/checkouts/custom/${ID}`, 'Checkout']] },
  {
    argv: ['checkout', 'update', ID, '--customer-name', 'Jane'],
    routes: [['PATCH', `/v1/checkouts/custom/${ID}`, 'Checkout']],
  },
  {
    argv: ['checkout', 'confirm', 'polar_c_secret', '--confirmation-token', 'tok', ...BUYER_FLAGS],
    routes: [
      ['POST', '/v1/checkouts/custom/client/polar_c_secret/confirm', 'CheckoutPublicConfirmed'],
    ],
  },
  {
    argv: ['checkout', 'confirm', ID, '--confirmation-token', 'tok', ...BUYER_FLAGS],
    routes: [
      ['GET', `/v1/checkouts/custom/${ID}`, 'Checkout'],
      ['POST', '/v1/checkouts/custom/client/{client_secret}/confirm', 'CheckoutPublicConfirmed'],
    ],
  },
  {
    argv: ['subs', 'list', '--mine'],
    routes: [['GET', '/v1/customer-portal/subscriptions/', 'CustomerSubscription', true]],
  },
  {
    argv: ['subs', 'change-price', ID, '--price', ID2],
    routes: [['PATCH', `/v1/subscriptions/${ID}`, 'Subscription']],
  },
  {
    argv: ['subs', 'change-price', ID, '--price', ID2, '--as-customer'],
    routes: [['PATCH', `/v1/customer-portal/subscriptions/${ID}`, 'CustomerSubscription']],
  },
  { argv: ['subs', 'cancel', ID], routes: [['PATCH', `/v1/subscriptions/${ID}`, 'Subscription']] },
  {
    argv: ['subs', 'cancel', ID, '--as-customer'],
    routes: [['PATCH', `/v1/customer-portal/subscriptions/${ID}`, 'CustomerSubscription']],
  },
  { argv: ['subs', 'resume', ID], routes: [['PATCH', `/v1/subscriptions/${ID}`, 'Subscription']] },
  { argv: ['subs', 'list'], routes: [['GET', '/v1/subscriptions/', 'Subscription', true]] },
  {
    argv: ['subs', 'get', ID, '--mine'],
    routes: [['GET', `/v1/customer-portal/subscriptions/${ID}`, 'CustomerSubscription']],
  },
  {
    argv: ['subs', 'revoke', ID, '--yes'],
    routes: [['DELETE', `/v1/subscriptions/${ID}`, 'Subscription']],
  },
  {
    argv: ['orders', 'list', '--mine'],
    routes: [['GET', '/v1/customer-portal/orders/', 'CustomerOrder', true]],
  },
  {
    argv: ['orders', 'get', ID, '--mine'],
    routes: [['GET', `/v1/customer-portal/orders/${ID}`, 'CustomerOrder']],
  },
  { argv: ['customers', 'list'], routes: [['GET', '/v1/customers/', 'Customer', true]] },
  { argv: ['customers', 'get', ID], routes: [['GET', `/v1/customers/${ID}`, 'Customer']] },
  {
    argv: ['customers', 'create', '--email', 'jane@example.com', '--org', ID2],
    routes: [['POST', '/v1/customers/', 'Customer']],
  },
  {
    argv: ['customers', 'update', ID, '--name', 'Jane'],
    routes: [['PATCH', `/v1/customers/${ID}`, 'Customer']],
  },
  { argv: ['products', 'list'], routes: [['GET', '/v1/products/', 'Product', true]] },
  { argv: ['products', 'get', ID], routes: [['GET', `/v1/products/${ID}`, 'Product']] },
  { argv: ['discounts', 'list'], routes: [['GET', '/v1/discounts/', 'Discount', true]] },
  { argv: ['discounts', 'get', ID], routes: [['GET', `/v1/discounts/${ID}`, 'Discount']] },
  { argv: ['benefits', 'list'], routes: [['GET', '/v1/benefits/', 'Benefit', true]] },
  { argv: ['benefits', 'get', ID], routes: [['GET', `/v1/benefits/${ID}`, 'Benefit']] },
  { argv: ['checkout', 'list'], routes: [['GET', '/v1/checkouts/custom/', 'Checkout', true]] },
  { argv: ['org', 'list'], routes: [['GET', '/v1/organizations/', 'Organization', true]] },
  { argv: ['keys', 'list'], routes: [['GET', '/v1/license-keys', 'LicenseKeyRead', true]] },
  {
    argv: ['keys', 'list', '--mine'],
    routes: [['GET', '/v1/customer-portal/license-keys/', 'LicenseKeyRead', true]],
  },
  {
    argv: ['keys', 'get', ID],
    routes: [['GET', `/v1/license-keys/${ID}`, 'LicenseKeyWithActivations']],
  },
  {
    argv: ['keys', 'get', ID, '--mine'],
    routes: [['GET', `/v1/customer-portal/license-keys/${ID}`, 'LicenseKeyWithActivations']],
  },
  {
    argv: ['keys', 'update', ID, '--usage', '1'],
    routes: [['PATCH', `/v1/license-keys/${ID}`, 'LicenseKeyRead']],
  },
  {
    argv: ['keys', 'activate', 'KEY-1', '--org', ID, '--label', 'laptop'],
    routes: [['POST', '/v1/customer-portal/license-keys/activate', 'LicenseKeyActivationRead']],
  },
  {
    argv: ['keys', 'validate', 'KEY-1', '--org', ID],
    routes: [['POST', '/v1/customer-portal/license-keys/validate', 'ValidatedLicenseKey']],
  },
  {
    argv: ['whoami'],
    routes: [['GET', '/v1/oauth2/userinfo', 'UserInfoUser']],
    modes: ['json'],
    token: 'polar_at_u_cliShapesTestOAuthUserTokenNeverSentAnywhere0000',
  },
  {
    argv: ['whoami'],
    routes: [['GET', '/v1/oauth2/userinfo', 'UserInfoOrganization']],
    modes: ['json'],
    token: 'polar_at_o_cliShapesTestOAuthOrgTokenNeverSentAnywhere00000',
  },
  // A personal access token: whoami lists the organizations it acts for.
  {
    argv: ['whoami'],
    routes: [['GET', '/v1/organizations/', 'Organization', true]],
    modes: ['json'],
  },
];

const MODE_FLAGS: Record<Mode, string[]> = { table: [], tsv: ['-o', 'tsv'], json: ['--json'] };

const fake = useFakeService();

/** The bodies one run serves, the printed one last, and the ids that one must show. */
function bodies(c: Case, v: Variant) {
  const gen = new WireGenerator();
  const map = new Map<string, unknown>();
  let printed: unknown;
  let top: string[] = [];
  let secret = '';
  for (const [method, rawPath, model, list] of c.routes) {
    const schema = components[`${model}$inboundSchema`];
    expect(schema, `SDK model ${model}`).toBeDefined();
    let body: unknown;
    if (list) {
      const items = [gen.body(schema, v), gen.body(schema, v)] as { id: string }[];
      body = { items, pagination: { total_count: items.length, max_page: 1 } };
      top = items.map((i) => i.id);
    } else {
      body = gen.body(schema, v);
      const id = (body as { id?: unknown }).id;
      top = typeof id === 'string' ? [id] : [];
      const s = (body as { client_secret?: unknown }).client_secret;
      if (typeof s === 'string') secret = `polar_c_${s.replace(/[^A-Za-z0-9]/g, '')}`;
      if (typeof s === 'string') (body as { client_secret: string }).client_secret = secret;
    }
    map.set(`${method} ${rawPath.replace('{client_secret}', secret)}`, body);
    printed = body;
  }
  return { map, printed, top };
}

const rows = cases.flatMap((c) => {
  const model = c.routes.at(-1)![2];
  const schema = components[`${model}$inboundSchema`];
  return variants(schema).flatMap((v) =>
    (c.modes ?? (['table', 'tsv', 'json'] as Mode[])).map((mode) => ({
      name: `${c.argv.join(' ').replaceAll(ID, '<id>').replaceAll(ID2, '<id2>')} · ${model} ${v.mode}${v.mode === 'full' ? ` #${v.branch}` : ''} · ${mode}`,
      c,
      v,
      mode,
    })),
  );
});

describe('every command that reads a resource, against the real service’s shapes', () => {
  it('covers every branch of the models it reads', () => {
    // More than one variant per model: the unions really are walked.
    expect(rows.length).toBeGreaterThan(cases.length * 3 * 3);
  });

  it.each(rows)('$name', async ({ c, v, mode }) => {
    const { map, printed, top } = bodies(c, v);
    fake.reset(map);
    const r = await run([...c.argv, ...MODE_FLAGS[mode]], {
      // The seed's generation: the bodies are SDK 0.20.2's models (2026-10: cli-shapes-2026-10).
      env: {
        BILLING_BASE_URL: fake.url,
        BILLING_TOKEN: c.token ?? TOKEN,
        BILLING_API_VERSION: 'none',
      },
      configDir: fileStorageConfigDir(),
      tty: mode === 'table',
    });
    expect(r.stderr).not.toMatch(/unexpected/i);
    expect({ code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 });
    expect(fake.requests).toEqual([...map.keys()]);
    const wanted = mode === 'json' ? [...idsIn(printed)] : top;
    for (const id of wanted) expect(r.stdout, `id ${id} printed`).toContain(id);
    const sub = (printed as { sub?: string }).sub;
    if (c.argv[0] === 'whoami' && sub) expect(r.stdout).toContain(sub);
  });
});
