// `billing keys activate|validate|deactivate` (no token needed) and `keys get` end to end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoKeyFixture, type Json, type Suite, startSuite } from './cli.js';

let s: Suite;
let demoKey: Json;
let customerToken: string;

beforeAll(async () => {
  s = await startSuite();
  ({ demoKey, customerToken } = await demoKeyFixture(s));
});
afterAll(() => s.svc.stop());

describe('activate, validate, deactivate (no token needed)', () => {
  const base = () => ['--org', s.demo.organization_id];
  let activationId: string;

  it('activate sends no Authorization header and prints the activation', async () => {
    const r = await s.run(
      [
        '--debug',
        'keys',
        'activate',
        s.demo.license_key,
        ...base(),
        '--label',
        'laptop',
        '--meta',
        'os=linux',
        '--meta',
        'cores:=8',
        '--json',
      ],
      { env: { BILLING_TOKEN: undefined } },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/Authorization/);
    expect(r.stderr).not.toContain(s.demo.license_key);
    const activation = JSON.parse(r.stdout);
    expect(activation).toMatchObject({
      label: 'laptop',
      meta: { os: 'linux', cores: 8 },
      license_key_id: demoKey.id,
    });
    activationId = activation.id;
  });

  it('validate counts a validation and consumes usage', async () => {
    const r = await s.run(
      [
        'keys',
        'validate',
        s.demo.license_key,
        ...base(),
        '--activation',
        activationId,
        '--increment-usage',
        '2',
        '--fields',
        'usage,validations',
      ],
      { env: { BILLING_TOKEN: undefined } },
    );
    expect(r).toEqual({ code: 0, stdout: 'usage\t2\nvalidations\t1\n', stderr: '' });
  });

  it('keys get --mine shows the key with its activation (customer portal)', async () => {
    const r = await s.run(['keys', 'get', demoKey.id, '--mine', '--json'], {
      env: { BILLING_CUSTOMER_TOKEN: customerToken },
    });
    expect(r.code).toBe(0);
    const key = JSON.parse(r.stdout);
    expect(key).toMatchObject({ id: demoKey.id, usage: 2, validations: 1 });
    expect(key.activations.map((a: Json) => a.id)).toEqual([activationId]);
  });

  it('deactivate reads the key from stdin; a second time it is gone (exit 6)', async () => {
    const args = ['keys', 'deactivate', '-', ...base(), '--activation', activationId];
    const env = { BILLING_TOKEN: undefined };
    const first = await s.run(args, { env, input: `${s.demo.license_key}\n` });
    expect(first).toEqual({
      code: 0,
      stdout: '',
      stderr: `✓ Activation ${activationId} removed.\n`,
    });
    const again = await s.run(args, { env, input: s.demo.license_key });
    expect(again).toEqual({
      code: 6,
      stdout: '',
      stderr: 'billing: license key or activation not found\n',
    });
  });

  it('past the activation limit the service refuses with 403, a state: exit 7 and how to free a slot', async () => {
    const activate = (label: string) =>
      s.run([
        'keys',
        'activate',
        s.demo.license_key,
        ...base(),
        '--label',
        label,
        '--fields',
        'label',
      ]);
    for (const label of ['a', 'b', 'c']) expect((await activate(label)).code).toBe(0);
    expect(await activate('d')).toEqual({
      code: 7,
      stdout: '',
      stderr:
        'billing: the license key has no free activation slot: its activation limit is reached\n' +
        'Free one: billing keys deactivate <key> --activation <activation-id> (billing keys get <key-id> lists them).\n',
    });
  });
});
