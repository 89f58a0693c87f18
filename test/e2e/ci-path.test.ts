// The CI path (issue 24): BILLING_TOKEN and nothing else — no BILLING_ORG, no config, no login.
// Every create takes the organization the token acts for (asked of the API), as a script
// expects; before, each one failed with the service's 422 "organization_id is required".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Suite, startSuite } from './cli.js';

let s: Suite;
let org: string;

beforeAll(async () => {
  s = await startSuite();
  expect(s.env.BILLING_ORG).toBeUndefined();
  const orgs = (await s.call('GET', '/v1/organizations/')).items as Json[];
  expect(orgs).toHaveLength(1);
  org = orgs[0].id;
});
afterAll(() => s.svc.stop());

describe('creates with only BILLING_TOKEN', () => {
  it.each([
    ['products', 'create', '--name', 'CI Plus', '--price', '9/month'],
    ['discounts', 'create', '--name', 'CI ten', '--percent', '10'],
    ['customers', 'create', '--email', 'ci@example.com'],
    ['webhooks', 'create', '--url', 'http://127.0.0.1:9/hooks'],
  ])('%s %s', async (...argv) => {
    const r = await s.run([...argv, '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout).organization_id).toBe(org);
  });
});
