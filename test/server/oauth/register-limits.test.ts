// Open registration within bounds (issue 12): 100 registrations of 9 000 redirect URIs each grew
// the service by 175 MB. Lists and fields are capped (422 naming the field, pydantic-shaped),
// clients per source address are capped, and --rate-limit counts registrations.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../../src/server/index.js';
import type { Json } from './helpers.js';

let svc: RunningService;
beforeAll(async () => {
  svc = await start({ port: 0 });
});
beforeEach(async () => {
  await fetch(`${svc.url}/__local/reset`, { method: 'POST' });
});
afterAll(() => svc.stop());

async function register(base: string, body: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${base}/v1/oauth2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const valid = { client_name: 'Shop Sync', redirect_uris: ['https://shop.example/cb'] };
const clients = () => svc.store.get<{ n: number }>('SELECT count(*) AS n FROM oauth2_clients')!.n;

describe('registration limits', () => {
  it('refuses 9 000 redirect URIs with a 422 naming redirect_uris, and stores nothing', async () => {
    const before = clients();
    const uris = Array.from({ length: 9000 }, (_, i) => `https://shop.example/cb/${i}`);
    const r = await register(svc.url, { ...valid, redirect_uris: uris });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('RequestValidationError');
    expect(r.body.detail[0]).toMatchObject({
      type: 'too_long',
      loc: ['body', 'redirect_uris'],
      msg: 'List should have at most 10 items after validation, not 9000',
      ctx: { field_type: 'List', max_length: 10, actual_length: 9000 },
    });
    expect(clients()).toBe(before);
    const ten = Array.from({ length: 10 }, (_, i) => `https://shop.example/cb/${i}`);
    expect((await register(svc.url, { ...valid, redirect_uris: ten })).status).toBe(201);
  });

  it.each([
    ['client_name', 'x'.repeat(201), 'string_too_long', 200],
    ['scope', `openid ${'email '.repeat(400)}`, 'string_too_long', 1000],
    ['client_uri', `https://shop.example/${'a'.repeat(2100)}`, 'url_too_long', 2083],
    ['logo_uri', `https://shop.example/${'a'.repeat(2100)}`, 'url_too_long', 2083],
    ['tos_uri', `https://shop.example/${'a'.repeat(2100)}`, 'url_too_long', 2083],
    ['policy_uri', `https://shop.example/${'a'.repeat(2100)}`, 'url_too_long', 2083],
  ])('refuses an over-long %s with a 422 naming it', async (field, value, type, max) => {
    const r = await register(svc.url, { ...valid, [field]: value });
    expect([r.status, r.body.detail?.[0]?.type, r.body.detail?.[0]?.loc]).toEqual([
      422,
      type,
      ['body', field],
    ]);
    expect(r.body.detail[0].ctx).toEqual({ max_length: max });
  });

  it('refuses an over-long redirect URI and over-long grant and response type lists', async () => {
    const long = await register(svc.url, {
      ...valid,
      redirect_uris: ['https://shop.example/cb', `https://shop.example/${'a'.repeat(2100)}`],
    });
    expect([long.status, long.body.detail[0].type, long.body.detail[0].loc]).toEqual([
      422,
      'url_too_long',
      ['body', 'redirect_uris', 1],
    ]);
    for (const field of ['grant_types', 'response_types']) {
      const r = await register(svc.url, { ...valid, [field]: Array(11).fill('code') });
      expect([r.status, r.body.detail[0].type, r.body.detail[0].loc]).toEqual([
        422,
        'too_long',
        ['body', field],
      ]);
    }
  });

  it('keeps at most 100 clients per source address, until a reset', async () => {
    const before = clients();
    let last = { status: 0, body: null as Json };
    for (let i = 0; i < 101; i++)
      last = await register(svc.url, { ...valid, client_name: `App ${i}` });
    expect(last.status).toBe(403);
    expect(last.body).toEqual({
      error: 'NotPermitted',
      detail: expect.stringContaining('100 clients'),
    });
    expect(clients()).toBe(before + 100);
    await fetch(`${svc.url}/__local/reset`, { method: 'POST' });
    expect((await register(svc.url, valid)).status).toBe(201);
  });
});

describe('registration under --rate-limit', () => {
  it('counts registrations against the per-address limit', async () => {
    const limited = await start({ port: 0, rateLimit: { perMinute: 3 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await register(limited.url, valid)).status);
      expect(statuses).toEqual([201, 201, 201, 429]);
    } finally {
      await limited.stop();
    }
  });
});
