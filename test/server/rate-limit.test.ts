// --rate-limit cannot be talked out of (issue 12): a bearer token does not lift the public
// license-key limit, and minting more tokens does not multiply anyone's allowance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Service, startService } from './helpers.js';

let svc: Service;
beforeAll(async () => {
  svc = await startService({ rateLimit: { perMinute: 6, licenseKeysPerSecond: 3 } });
});
afterAll(() => svc.stop());

/** A fresh window of the service clock, so none rolls over mid-test. */
async function freshWindow(day: number): Promise<void> {
  const r = await svc.api('POST', '/__local/clock', {
    body: { set: new Date(Date.UTC(2031, 0, day)).toISOString() },
  });
  expect(r.status).toBe(200);
}

describe('rate limits that a token cannot lift', () => {
  it('counts license-key calls per client address, with or without a bearer token', async () => {
    await freshWindow(1);
    // Minted before the window starts counting: each is another principal.
    const tokens = [svc.alice, svc.bob, await svc.pat(['orders:read'])];
    await freshWindow(2);
    const body = { key: svc.demo.license_key, organization_id: svc.demo.organization_id };
    const validate = (token?: string) =>
      svc.api('POST', '/v1/customer-portal/license-keys/validate', { token, body });
    const statuses = [
      (await validate()).status,
      (await validate()).status,
      (await validate()).status,
    ];
    for (const token of tokens) statuses.push((await validate(token)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it("shares one user's allowance among all of the user's tokens", async () => {
    await freshWindow(3);
    const minted = [await svc.pat(['orders:read']), await svc.pat(['orders:read'])];
    await freshWindow(4);
    const statuses: number[] = [];
    for (const token of [svc.alice, ...minted, svc.alice, ...minted]) {
      statuses.push((await svc.api('GET', '/v1/orders/', { token, query: { limit: 1 } })).status);
    }
    statuses.push((await svc.api('GET', '/v1/orders/', { token: minted[0] })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    // Another user keeps an allowance of their own.
    expect((await svc.api('GET', '/v1/orders/', { token: svc.bob })).status).toBe(200);
  });
});
