// Reads survive: with 20 % of requests failing (503/502/429/reset), `orders list --all -o ndjson`
// over 2 000 orders exits 0 with output byte-identical to a fault-free run (issue 8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import {
  clearFaults,
  cli,
  faultCount,
  getFaults,
  requireBuild,
  serviceEnv,
  setFaults,
  tempDir,
} from './helpers.js';

let svc: RunningService;
const dir = tempDir('reads');

beforeAll(async () => {
  requireBuild();
  svc = await start({ port: 0, orders: 2000 });
});
afterAll(async () => {
  await svc.stop();
  dir.remove();
});

describe('reads under faults', () => {
  it('lists 2 000 orders byte for byte through 20 % 503/502/429/reset', async () => {
    const env = serviceEnv(svc, dir.path);
    const args = ['orders', 'list', '--all', '-o', 'ndjson'];
    const clean = await cli(args, env);
    expect(clean.stderr).toBe('');
    expect(clean.code).toBe(0);
    expect(clean.stdout.split('\n').filter(Boolean)).toHaveLength(2000);

    // Retry-After 0 keeps the run short: the budget under test is attempts, not seconds.
    // The seed fixes which requests fail; the CLI sends one request at a time, so the run is
    // reproducible (see `billing serve --help`).
    await setFaults(svc.url, '503:0.08,502:0.04,429:0.04,reset:0.04;seed=20260101;retry-after=0');
    try {
      const faulty = await cli(args, env);
      const view = await getFaults(svc.url);
      expect(faulty.stderr).toBe('');
      expect(faulty.code).toBe(0);
      expect(faulty.stdout === clean.stdout).toBe(true);
      // The faults did happen, of every kind.
      expect(faultCount(view)).toBeGreaterThanOrEqual(4);
      for (const kind of ['503', '502', '429', 'reset'] as const) {
        expect(view.injected[kind], kind).toBeGreaterThan(0);
      }
    } finally {
      await clearFaults(svc.url);
    }
  });

  it('reads a single object through faults too (orders get, keys list --json)', async () => {
    const env = serviceEnv(svc, dir.path);
    const id = svc.store.get<{ id: string }>('SELECT id FROM orders LIMIT 1')!.id;
    const cleanGet = await cli(['orders', 'get', id, '--json'], env);
    const cleanKeys = await cli(['keys', 'list', '--json'], env);
    expect([cleanGet.code, cleanKeys.code]).toEqual([0, 0]);
    // Every first attempt fails; the retries get through.
    await setFaults(
      svc.url,
      'reset:1,max:1@GET /v1/orders/*;503:1,max:1@GET /v1/orders/*;' +
        '429:1,max:2@GET /v1/license-keys*;retry-after=0',
    );
    try {
      const get = await cli(['orders', 'get', id, '--json'], env);
      const keys = await cli(['keys', 'list', '--json'], env);
      expect([get.code, get.stderr, get.stdout === cleanGet.stdout]).toEqual([0, '', true]);
      expect([keys.code, keys.stderr, keys.stdout === cleanKeys.stdout]).toEqual([0, '', true]);
      expect((await getFaults(svc.url)).injected).toMatchObject({ '503': 1, '429': 2, reset: 1 });
    } finally {
      await clearFaults(svc.url);
    }
  });
});
