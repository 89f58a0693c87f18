// Your catalogue, offline (issue 29): `billing fixtures export` of one sandbox's organization,
// applied to an empty sandbox, gives the same catalogue — benefits, custom fields, products with
// their prices, benefits and fields, discounts — and leaves customers out unless asked for.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createPolar } from 'polar-sdk-1/2026-10';
import { afterAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../../src/sandbox/index.js';
import { BIN, configDirWithFileStorage } from '../e2e/cli.js';

const CATALOGUE = fileURLToPath(new URL('../fixtures/catalogue.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'billing-round-trip-'));
const started: Sandbox[] = [];
afterAll(async () => {
  for (const sb of started) await sb.stop();
});

async function exported(sb: Sandbox, ...flags: string[]) {
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [BIN, 'fixtures', 'export', '--org', sb.organizationId, ...flags],
    {
      env: {
        PATH: process.env.PATH,
        BILLING_BASE_URL: sb.url,
        BILLING_TOKEN: sb.token,
        BILLING_API_VERSION: '2026-10',
        BILLING_CONFIG_DIR: configDirWithFileStorage(),
      },
    },
  );
  return { text: stdout, fixture: JSON.parse(stdout), stderr };
}

/** What the catalogue is, without ids, dates or the order things were made in. */
async function catalogue(sb: Sandbox) {
  const polar = createPolar({ accessToken: sb.token, baseUrl: sb.url });
  const organization_id = sb.organizationId;
  const products = (await polar.products.list({ organization_id, limit: 100 })).items;
  const names = new Map(products.map((p) => [p.id, p.name]));
  const benefits = (await polar.benefits.list({ organization_id, limit: 100 })).items;
  const discounts = (await polar.discounts.list({ organization_id, limit: 100 })).items;
  const fields = (await polar.customFields.list({ organization_id, limit: 100 })).items;
  const slugs = new Map(fields.map((f) => [f.id, f.slug]));
  const sorted = <T>(xs: T[]) =>
    xs.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return {
    benefits: sorted(
      benefits.map((b) => ({ type: b.type, description: b.description, properties: b.properties })),
    ),
    custom_fields: sorted(
      fields.map((f) => ({ type: f.type, slug: f.slug, name: f.name, properties: f.properties })),
    ),
    products: sorted(
      products.map((p) => ({
        fields: p.attached_custom_fields.map((a) => [slugs.get(a.custom_field_id), a.required]),
        name: p.name,
        description: p.description,
        recurring_interval: p.recurring_interval,
        metadata: Object.fromEntries(Object.entries(p.metadata).filter(([k]) => k !== 'fixture')),
        prices: p.prices.map((price) => {
          const { id, created_at, modified_at, product_id, ...rest } = price as unknown as Record<
            string,
            unknown
          >;
          return rest;
        }),
        benefits: p.benefits.map((b) => b.description).sort(),
      })),
    ),
    discounts: sorted(
      discounts.map((d) => {
        const {
          id,
          created_at,
          modified_at,
          organization_id: _o,
          redemptions_count,
          metadata,
          products: only,
          ...rest
        } = d as unknown as Record<string, unknown> & { products: { id: string }[] };
        return { ...rest, products: only.map((p) => names.get(p.id)).sort() };
      }),
    ),
  };
}

describe('fixtures export, then apply to an empty sandbox', () => {
  it('gives the same catalogue, without the customers', async () => {
    const a = await startSandbox({ data: CATALOGUE });
    started.push(a);
    const out = await exported(a);
    expect(out.stderr).toBe('');
    expect(out.fixture.customers).toBeUndefined();
    // The names an earlier apply gave are kept, the references written as references.
    expect(Object.keys(out.fixture.products)).toEqual(
      expect.arrayContaining(['pro', 'yearly', 'tip']),
    );
    expect(out.fixture.discounts.launch.products).toEqual(
      expect.arrayContaining(['${products.pro.id}', '${products.yearly.id}']),
    );
    const file = join(dir, 'exported.json');
    writeFileSync(file, out.text);
    const b = await startSandbox({ data: file });
    started.push(b);
    const [before, after] = await Promise.all([catalogue(a), catalogue(b)]);
    expect(after.products).toHaveLength(3);
    expect(after.custom_fields.map((f) => f.slug)).toEqual(['company']);
    expect(after.products.find((p) => p.name === 'Pro')?.fields).toEqual([['company', true]]);
    expect(after).toEqual(before);
  });

  it('--include-customers adds them, emails and names', async () => {
    const a = await startSandbox({ data: CATALOGUE });
    started.push(a);
    const out = await exported(a, '--include-customers');
    expect(out.fixture.customers).toEqual({
      jane: { email: 'jane@example.com', name: 'Jane Doe' },
    });
  });
});
