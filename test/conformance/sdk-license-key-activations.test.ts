// The official SDK against the public license-key endpoints: activate (spec 11) and its
// validate/deactivate companions, without a token or with one, up to the activation limit, and
// every refusal the SDK maps (NotPermitted for a revoked, disabled, expired or unlimited key).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allPages,
  call,
  errors,
  expectCalls,
  expectError,
  expectStatus,
  type Polar,
  type Sandbox,
  startSandbox,
} from './helpers.js';
import { ids } from './sorting.js';

type Key = Awaited<ReturnType<Polar['licenseKeys']['update']>>;

let box: Sandbox;
let acme: Key[];
let jane: Polar;
let demoKey: Key;
beforeAll(async () => {
  box = await startSandbox();
  acme = (await allPages('Acme keys', () => box.pat.licenseKeys.list({ limit: 100 }))).items;
  demoKey = acme.find((k) => k.key === box.demo.license_key)!;
  jane = await box.customer(demoKey.customerId);
});
afterAll(async () => {
  expectCalls('license-key-activations');
  await box.stop();
});

const acmeKey = (test: (k: Key) => boolean) => {
  const k = acme.find(test);
  expect(k).toBeDefined();
  return k!;
};

describe('activations through the SDK', () => {
  it('activates up to the limit, validates, deactivates; without a token or with one', async () => {
    const organizationId = box.demo.organization_id;
    const key = box.demo.license_key;
    const activated: { id: string }[] = [];
    // (The SDK's models of meta and conditions have no keys: it sends {} whatever it is given.)
    for (const [i, polar] of [box.anonymous, box.pat, jane].entries()) {
      const a = await call(`activation ${i + 1}`, () =>
        polar.customerPortal.licenseKeys.activate({
          key,
          organizationId,
          label: `device ${i + 1}`,
          meta: { os: 'linux' },
        }),
      );
      expect(a).toMatchObject({ licenseKeyId: demoKey.id, label: `device ${i + 1}` });
      expect(a.licenseKey).toMatchObject({ id: demoKey.id, validations: 0, usage: 0 });
      activated.push(a);
    }
    const full = await expectError('a fourth activation', errors.NotPermitted, () =>
      box.anonymous.customerPortal.licenseKeys.activate({ key, organizationId, label: 'device 4' }),
    );
    expect(full.detail).toBe('License key activation limit already reached');
    const listed = await call('the key with its activations', () =>
      jane.customerPortal.licenseKeys.get({ id: demoKey.id }),
    );
    expect(ids(listed.activations)).toEqual(ids(activated));

    const valid = await call('validate an activation', () =>
      box.anonymous.customerPortal.licenseKeys.validate({
        key,
        organizationId,
        activationId: activated[0]!.id,
        incrementUsage: 2,
      }),
    );
    expect(valid).toMatchObject({ id: demoKey.id, usage: 2, validations: 1 });
    expect(valid.activation).toMatchObject({ id: activated[0]!.id, label: 'device 1' });
    const plain = await call('validate the key alone', () =>
      box.pat.customerPortal.licenseKeys.validate({
        key,
        organizationId,
        benefitId: demoKey.benefitId,
        customerId: demoKey.customerId,
      }),
    );
    expect(plain).toMatchObject({ validations: 2, activation: null });
    expect(plain.lastValidatedAt).toBeInstanceOf(Date);

    await call('deactivate', () =>
      box.anonymous.customerPortal.licenseKeys.deactivate({
        key,
        organizationId,
        activationId: activated[0]!.id,
      }),
    );
    await expectError('deactivate it again', errors.ResourceNotFound, () =>
      box.anonymous.customerPortal.licenseKeys.deactivate({
        key,
        organizationId,
        activationId: activated[0]!.id,
      }),
    );
    const again = await call('the freed slot', () =>
      box.anonymous.customerPortal.licenseKeys.activate({ key, organizationId, label: 'device 5' }),
    );
    expect(again.label).toBe('device 5');
  });

  it('refuses activation of revoked, disabled, expired and unlimited keys with NotPermitted', async () => {
    const organizationId = box.demo.organization_id;
    const cases: [string, Key, string][] = [
      ['revoked', acmeKey((k) => k.status === 'revoked'), 'License key is no longer active.'],
      ['disabled', acmeKey((k) => k.status === 'disabled'), 'License key is no longer active.'],
      [
        'expired',
        acmeKey(
          (k) =>
            k.status === 'granted' && k.expiresAt !== null && k.expiresAt.getTime() < Date.now(),
        ),
        'License key has expired.',
      ],
      [
        'without a limit',
        acmeKey((k) => k.status === 'granted' && k.limitActivations === null),
        'License key does not require activation',
      ],
    ];
    for (const [what, k, detail] of cases) {
      const err = await expectError(`activate a ${what} key`, errors.NotPermitted, () =>
        box.anonymous.customerPortal.licenseKeys.activate({
          key: k.key,
          organizationId,
          label: 'x',
        }),
      );
      expect(err.detail, what).toBe(detail);
    }
    // validate maps no 403: a plain SDKError carries it.
    await expectStatus('validate a revoked key', 403, () =>
      box.anonymous.customerPortal.licenseKeys.validate({ key: cases[0]![1].key, organizationId }),
    );
  });

  it('maps the errors of the public endpoints: 404, 422, and 401 for a bad token', async () => {
    await expectError('activate an unknown key', errors.ResourceNotFound, () =>
      box.anonymous.customerPortal.licenseKeys.activate({
        key: 'ACME-NOPE',
        organizationId: box.demo.organization_id,
        label: 'x',
      }),
    );
    await expectError('validate a key of another organization', errors.ResourceNotFound, () =>
      box.anonymous.customerPortal.licenseKeys.validate({
        key: box.demo.license_key,
        organizationId: box.demo.other.organization_id,
      }),
    );
    await expectError('a malformed organization id', errors.HTTPValidationError, () =>
      box.anonymous.customerPortal.licenseKeys.activate({
        key: box.demo.license_key,
        organizationId: 'acme',
        label: 'x',
      }),
    );
    // The public endpoints need no token, but a bad one is still refused (api-facts "Errors").
    await expectStatus('activate with a made-up token', 401, () =>
      box.as('polar_pat_made-up').customerPortal.licenseKeys.activate({
        key: box.demo.license_key,
        organizationId: box.demo.organization_id,
        label: 'x',
      }),
    );
  });
});
