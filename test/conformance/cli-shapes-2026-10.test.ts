// The CLI against what today's real service sends (issue 22): bodies generated from the real
// description of API version 2026-10 (vendor/polar-openapi/2026-10.json; polarsource/polar
// docs/openapi/2026-10.openapi.json at c6c3645e) — minimal (optional keys absent, nullable
// ones null), full, and every branch of every union — are served by a small fake server that
// wants Polar-Version 2026-10, and every command that reads a resource runs against them in
// table, TSV, JSON and --fields modes. Each run must exit 0, never call the answer unexpected,
// ask exactly the routes expected (each request fitting the description), print every id, and
// leave no money column blank where the body has the amount.
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';
import { BUYER_FLAGS, fileStorageConfigDir, useFakeService } from './fake-service.js';
import {
  matchPath,
  OpenApiGenerator,
  requestErrors,
  type Schema,
  schemaOf,
  type Variant,
} from './openapi.js';
import { idsIn } from './wire.js';

const ID = '0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21';
const ID2 = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const TOKEN = 'polar_pat_cliShapes2026TestTokenNeverSentAnywhereElse0000';
const CUSTOMER_TOKEN = 'polar_cst_cliShapes2026CustomerSessionNeverSentAnywhere0';

/** [method, concrete path, list?]: the answer's schema is the description's for that route. */
type Route = [method: string, path: string, list?: boolean];

interface Case {
  argv: string[];
  /** What the command asks, in order; the last answer is the one printed. */
  routes: Route[];
  modes?: Mode[];
  token?: string;
  /** --fields for the fields mode: money fields under either generation's name. */
  fields?: string;
  /** The command prints a summary: only the top-level ids must show, even in JSON. */
  summary?: boolean;
}

type Mode = 'table' | 'tsv' | 'json' | 'fields';

const seller = (argv: string[], routes: Route[], fields?: string): Case => ({
  argv,
  routes,
  ...(fields ? { fields } : {}),
});
const mine = (argv: string[], routes: Route[], fields?: string): Case => ({
  ...seller(argv, routes, fields),
  token: CUSTOMER_TOKEN,
});

const ORDER_FIELDS = 'id,amount,net_amount,total_amount,customer.email';
const cases: Case[] = [
  seller(['org', 'get', ID], [['GET', `/v1/organizations/${ID}`]]),
  seller(['org', 'update', ID, '--name', 'Acme Two'], [['PATCH', `/v1/organizations/${ID}`]]),
  seller(['org', 'list'], [['GET', '/v1/organizations/', true]]),
  seller(['orders', 'list'], [['GET', '/v1/orders/', true]], ORDER_FIELDS),
  seller(['orders', 'get', ID], [['GET', `/v1/orders/${ID}`]], ORDER_FIELDS),
  mine(['orders', 'list', '--mine'], [['GET', '/v1/customer-portal/orders/', true]], 'id,amount'),
  mine(['orders', 'get', ID, '--mine'], [['GET', `/v1/customer-portal/orders/${ID}`]], 'id,amount'),
  seller(['checkout', 'list'], [['GET', '/v1/checkouts/', true]], 'id,total_amount'),
  seller(['checkout', 'get', ID], [['GET', `/v1/checkouts/${ID}`]], 'id,total_amount,net_amount'),
  seller(['checkout', 'update', ID, '--customer-name', 'Jane'], [['PATCH', `/v1/checkouts/${ID}`]]),
  {
    argv: ['checkout', 'confirm', 'polar_c_secret', '--confirmation-token', 'tok', ...BUYER_FLAGS],
    routes: [['POST', '/v1/checkouts/client/polar_c_secret/confirm']],
    fields: 'id,total_amount',
  },
  seller(
    ['checkout', 'create', '--product', ID2, '--email', 'jane@example.com'],
    [['POST', '/v1/checkouts/']],
  ),
  seller(['subs', 'list'], [['GET', '/v1/subscriptions/', true]], 'id,amount'),
  seller(['subs', 'get', ID], [['GET', `/v1/subscriptions/${ID}`]], 'id,amount,prices'),
  seller(['subs', 'cancel', ID], [['PATCH', `/v1/subscriptions/${ID}`]]),
  seller(['subs', 'resume', ID], [['PATCH', `/v1/subscriptions/${ID}`]]),
  seller(['subs', 'revoke', ID, '--yes'], [['DELETE', `/v1/subscriptions/${ID}`]]),
  seller(['subs', 'change-price', ID, '--product', ID2], [['PATCH', `/v1/subscriptions/${ID}`]]),
  mine(['subs', 'list', '--mine'], [['GET', '/v1/customer-portal/subscriptions/', true]]),
  mine(['subs', 'get', ID, '--mine'], [['GET', `/v1/customer-portal/subscriptions/${ID}`]]),
  mine(
    ['subs', 'cancel', ID, '--as-customer'],
    [['PATCH', `/v1/customer-portal/subscriptions/${ID}`]],
  ),
  seller(['customers', 'list'], [['GET', '/v1/customers/', true]]),
  seller(['customers', 'get', ID], [['GET', `/v1/customers/${ID}`]]),
  seller(['customers', 'get', '--external-id', 'u_42'], [['GET', '/v1/customers/external/u_42']]),
  // On a terminal the state's product and benefit names are read too (two lists at once):
  // the printed answer is the state's in the other modes.
  {
    ...seller(
      ['customers', 'state', ID],
      [['GET', `/v1/customers/${ID}/state`]],
      'id,email,active_subscriptions.0.amount',
    ),
    modes: ['tsv', 'json', 'fields'],
  },
  {
    ...seller(
      ['customers', 'state', '--external-id', 'u_42'],
      [['GET', '/v1/customers/external/u_42/state']],
    ),
    modes: ['json'],
  },
  seller(
    ['customers', 'create', '--email', 'jane@example.com', '--org', ID2],
    [['POST', '/v1/customers/']],
  ),
  seller(['customers', 'update', ID, '--name', 'Jane'], [['PATCH', `/v1/customers/${ID}`]]),
  seller(['products', 'list'], [['GET', '/v1/products/', true]], 'id,prices'),
  seller(['products', 'get', ID], [['GET', `/v1/products/${ID}`]], 'id,prices,recurring_interval'),
  seller(
    ['products', 'create', '--name', 'Acme Plus', '--price', '29/month', '--org', ID2],
    [['POST', '/v1/products/']],
  ),
  seller(['products', 'archive', ID], [['PATCH', `/v1/products/${ID}`]]),
  seller(['discounts', 'list'], [['GET', '/v1/discounts/', true]]),
  seller(['discounts', 'get', ID], [['GET', `/v1/discounts/${ID}`]], 'id,amount,basis_points'),
  seller(
    ['discounts', 'create', '--name', 'Sale', '--percent', '10', '--org', ID2],
    [['POST', '/v1/discounts/']],
  ),
  seller(['benefits', 'list'], [['GET', '/v1/benefits/', true]]),
  seller(['benefits', 'get', ID], [['GET', `/v1/benefits/${ID}`]]),
  seller(['keys', 'list'], [['GET', '/v1/license-keys/', true]]),
  seller(['keys', 'get', ID], [['GET', `/v1/license-keys/${ID}`]]),
  seller(['keys', 'update', ID, '--usage', '1'], [['PATCH', `/v1/license-keys/${ID}`]]),
  seller(
    ['keys', 'activate', 'KEY-1', '--org', ID, '--label', 'laptop'],
    [['POST', '/v1/license-keys/activate']],
  ),
  seller(['keys', 'validate', 'KEY-1', '--org', ID], [['POST', '/v1/license-keys/validate']]),
  mine(['keys', 'list', '--mine'], [['GET', '/v1/customer-portal/license-keys/', true]]),
  mine(['keys', 'get', ID, '--mine'], [['GET', `/v1/customer-portal/license-keys/${ID}`]]),
  seller(['webhooks', 'list'], [['GET', '/v1/webhooks/endpoints', true]]),
  seller(['webhooks', 'get', ID], [['GET', `/v1/webhooks/endpoints/${ID}`]]),
  seller(
    ['webhooks', 'create', '--url', 'https://example.com/hooks', '--org', ID2],
    [['POST', '/v1/webhooks/endpoints']],
  ),
  seller(['webhooks', 'deliveries'], [['GET', '/v1/webhooks/deliveries', true]]),
  {
    argv: ['whoami'],
    routes: [['GET', '/v1/oauth2/userinfo']],
    modes: ['json'],
    token: 'polar_at_u_cliShapes2026OAuthUserTokenNeverSentAnywhere00',
  },
  // A personal access token: whoami lists its organizations' ids, names and slugs only.
  {
    argv: ['whoami'],
    routes: [['GET', '/v1/organizations/', true]],
    modes: ['json'],
    summary: true,
  },
];

const MODE_FLAGS: Record<Mode, (c: Case) => string[]> = {
  table: () => [],
  tsv: () => ['-o', 'tsv'],
  json: () => ['--json'],
  fields: (c) => ['-o', 'tsv', '--fields', c.fields ?? 'id'],
};

/** The JSON answer schema the description gives a route (the item's, for a list). */
function answerSchema([method, path, list]: Route): Schema {
  const match = matchPath(method, path);
  expect(match, `${method} ${path} is in the description`).toBeDefined();
  const responses = match!.operation.responses;
  const status = Object.keys(responses).find((s) => s.startsWith('2'))!;
  const schema = responses[status]?.content?.['application/json']?.schema;
  expect(schema, `${method} ${path} answers JSON`).toBeDefined();
  if (!list) return schema!;
  const page = schemaOf(schema!.$ref!.split('/').pop()!);
  return page.properties!.items!.items!;
}

// The fake service answers in today's generation, and notes what the description would refuse
// of each request and whether Polar-Version was sent.
const problems: string[] = [];
const fake = useFakeService({
  headers: { 'polar-version': '2026-10' },
  inspect(method, url, body, headers) {
    if (headers['polar-version'] !== '2026-10') problems.push('no Polar-Version 2026-10');
    const errors = requestErrors(method, url.pathname + url.search, body);
    problems.push(...errors.map((e) => `${method} ${url.pathname}: ${e}`));
  },
});

/** The bodies one run serves, the printed one last, and the ids that one must show. */
function bodies(c: Case, v: Variant) {
  const gen = new OpenApiGenerator();
  const map = new Map<string, unknown>();
  let printed: unknown;
  let top: string[] = [];
  for (const route of c.routes) {
    const [method, path, list] = route;
    const schema = answerSchema(route);
    let body: unknown;
    if (list) {
      const items = [gen.body(schema, v), gen.body(schema, v)] as { id: string }[];
      body = { items, pagination: { total_count: items.length, max_page: 1 } };
      top = items.map((i) => i.id);
    } else {
      body = gen.body(schema, v);
      const id = (body as { id?: unknown }).id;
      top = typeof id === 'string' ? [id] : [];
    }
    map.set(`${method} ${path}`, body);
    printed = body;
  }
  return { map, printed, top };
}

/** The value at a dot path (`customer.email`), for the TSV checks. */
function at(value: unknown, path: string): unknown {
  let cur = value;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** The money fields the generations name differently (orders' amount, checkouts' subtotal). */
const RENAMED: Record<string, string[]> = {
  amount: ['net_amount'],
  net_amount: ['amount', 'subtotal_amount'],
};

/** Money cells of a TSV table (AMOUNT, TOTAL) or card (keys ending in amount) left blank. */
function blankMoney(tsv: string, printed: unknown): string[] {
  const lines = tsv.trimEnd().split('\n');
  const header = lines[0]!.split('\t');
  const blank: string[] = [];
  if (header.includes('ID')) {
    for (const [i, name] of header.entries()) {
      if (!['AMOUNT', 'TOTAL'].includes(name)) continue;
      for (const row of lines.slice(1)) if (row.split('\t')[i] === '') blank.push(name);
    }
    return blank;
  }
  for (const line of lines) {
    const [key = '', value = ''] = line.split('\t');
    if (!key.endsWith('amount') || value !== '') continue;
    // A renamed amount is read under either generation's name.
    const names = [key, ...(RENAMED[key] ?? [])];
    if (names.some((n) => at(printed, n) !== undefined && at(printed, n) !== null)) {
      blank.push(key);
    }
  }
  return blank;
}

const generator = new OpenApiGenerator();
const rows = cases.flatMap((c) => {
  const schema = answerSchema(c.routes.at(-1)!);
  const modes = c.modes ?? (['table', 'tsv', 'json', ...(c.fields ? ['fields'] : [])] as Mode[]);
  return generator.variants(schema).flatMap((v) =>
    modes.map((mode) => ({
      name: `${c.argv.join(' ').replaceAll(ID, '<id>').replaceAll(ID2, '<id2>')} · ${v.mode}${v.mode === 'full' ? ` #${v.branch}` : ''} · ${mode}`,
      c,
      v,
      mode,
    })),
  );
});

describe("every command that reads a resource, against today's (2026-10) shapes", () => {
  it('covers the branches of the models it reads', () => {
    expect(rows.length).toBeGreaterThan(cases.length * 3 * 2);
  });

  it.each(rows)('$name', async ({ c, v, mode }) => {
    const { map, printed, top } = bodies(c, v);
    fake.reset(map);
    problems.length = 0;
    const r = await run([...c.argv, ...MODE_FLAGS[mode](c)], {
      env: {
        BILLING_BASE_URL: fake.url,
        BILLING_TOKEN: c.token && !c.token.startsWith('polar_cst_') ? c.token : TOKEN,
        BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN,
        BILLING_API_VERSION: '2026-10',
      },
      configDir: fileStorageConfigDir(),
      tty: mode === 'table',
    });
    expect(r.stderr).not.toMatch(/unexpected/i);
    expect({ code: r.code, stderr: r.stderr }).toMatchObject({ code: 0 });
    expect(fake.requests).toEqual([...map.keys()]);
    expect(problems).toEqual([]);
    if (mode === 'fields') {
      expect(
        blankMoney(
          r.stdout,
          Array.isArray((printed as { items?: unknown }).items)
            ? (printed as { items: unknown[] }).items[0]
            : printed,
        ),
      ).toEqual([]);
      // Every id asked for is printed.
      for (const id of top) expect(r.stdout).toContain(id);
      return;
    }
    const wanted = mode === 'json' && !c.summary ? [...idsIn(printed)] : top;
    for (const id of wanted) expect(r.stdout, `id ${id} printed`).toContain(id);
    if (mode === 'tsv') {
      const item = Array.isArray((printed as { items?: unknown }).items)
        ? (printed as { items: unknown[] }).items[0]
        : printed;
      expect(blankMoney(r.stdout, item)).toEqual([]);
    }
  });
});
