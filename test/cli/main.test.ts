// main(): error lines never carry terminal control characters from argv or server text.
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';

describe('error lines', () => {
  it('replace control characters quoted from argv', async () => {
    const r = await run(['orders', 'get', '\u001b[31mred\u0007'], {
      env: { BILLING_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('billing: order id: "?[31mred?" is not a UUID\n');
  });
});

describe('org get', () => {
  it('calls an empty id invalid instead of falling back to the default organization', async () => {
    const r = await run(['org', 'get', ''], { env: { BILLING_BASE_URL: 'http://127.0.0.1:9' } });
    expect(r).toMatchObject({ code: 2, stderr: 'billing: organization id: "" is not a UUID\n' });
  });
});
