// A stored login is read once per command, not once per request (a keychain read can take a
// child process and tens of milliseconds).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FileStore } from '../../src/auth/file-store.js';
import { type RunningService, start } from '../../src/server/index.js';
import { run, tempConfigDir } from '../helpers/cli.js';

describe('stored credentials', () => {
  let svc: RunningService;
  beforeAll(async () => {
    svc = await start({ port: 0, orders: 120 });
  });
  afterAll(() => svc?.stop());

  it('are read once for a paginated listing of many requests', async () => {
    const configDir = tempConfigDir();
    const env = { BILLING_PROFILE: 'cached', BILLING_CONFIG_DIR: configDir };
    await run(['config', 'set', 'profiles.cached.base_url', svc.url], { configDir });
    await run(['config', 'set', 'profiles.cached.storage', 'file'], { configDir });
    await new FileStore(configDir).write('cached', {
      access_token: svc.demo!.personal_access_token,
      token_type: 'Bearer',
      kind: 'pat',
    });
    const reads = vi.spyOn(FileStore.prototype, 'read');
    try {
      const r = await run(['orders', 'list', '--all', '--page-size', '10', '-o', 'ndjson'], {
        configDir,
        env,
      });
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split('\n').length).toBeGreaterThanOrEqual(120);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });
});
