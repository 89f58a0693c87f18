// billing links update: argv -> options or the exact usage error; options + answers -> output.
// Today's API only: PATCH with only what was given (none clears), --metadata merged into what
// the link has (read first), each request checked against the real 2026-10 description.
import { describe, expect, it } from 'vitest';
import {
  buildUpdate,
  runUpdate,
  type UpdateOptions,
} from '../../../../src/cli/commands/links/update.js';
import { requestErrors } from '../../../conformance/openapi.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { answered, execute, ID, ID2, json, NOT_FOUND, page, parse } from '../verb.js';
import { LINK, LINK_CARD, PRODUCT, seedRefusal, TODAY } from './fixtures.js';

describe('links update: argv -> options', () => {
  const edit = { set: undefined, unset: undefined, replace: undefined };
  it.each([
    [
      [ID.toUpperCase(), '--label', 'Spring sale', '--discount', 'SPRING'],
      { id: ID, body: { label: 'Spring sale', discount_id: 'SPRING' }, metadata: edit, output: {} },
    ],
    [
      [
        ID,
        '--label',
        'none',
        '--discount',
        'none',
        '--success-url',
        'none',
        '--return-url',
        'none',
        '--trial',
        'none',
        '--allow-discount-codes',
        '--no-require-billing-address',
      ],
      {
        id: ID,
        body: {
          label: null,
          discount_id: null,
          success_url: null,
          return_url: null,
          trial_interval: null,
          trial_interval_count: null,
          allow_discount_codes: true,
          require_billing_address: false,
        },
        metadata: edit,
        output: {},
      },
    ],
    [
      [ID, '--product', 'Acme Pro', '--product', PRODUCT, '--trial', '2w', '--json'],
      {
        id: ID,
        products: ['Acme Pro', PRODUCT],
        body: { trial_interval: 'week', trial_interval_count: 2 },
        metadata: edit,
        output: { json: true },
      },
    ],
    [
      [ID, '--metadata', 'k:=2', '--unset-metadata', 'old'],
      { id: ID, body: {}, metadata: { set: { k: 2 }, unset: ['old'] }, output: {} },
    ],
    [
      [ID, '--replace-metadata'],
      { id: ID, body: {}, metadata: { ...edit, replace: true }, output: {} },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'links' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      [ID],
      'billing: nothing to change: give --product, --label, --discount, --allow-discount-codes, ' +
        '--require-billing-address, --success-url, --return-url, --trial, --metadata or --data\n',
    ],
    [['pricing-page', '--label', 'x'], 'billing: checkout link id: "pricing-page" is not a UUID\n'],
    [
      [ID, '--trial', '3 sprints'],
      'billing: --trial: "3 sprints" is not a trial of 1 to 1000 days, weeks, months or years ' +
        '(e.g. 14d, 2w, 1mo, 1y)\n',
    ],
    [[ID, '--success-url', 'nope'], 'billing: --success-url: "nope" is not a URL\n'],
    [
      [ID, '--metadata', `${'k'.repeat(41)}=v`],
      `billing: --metadata: key "${'k'.repeat(41)}" is longer than 40 characters\n`,
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'links' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('links update: options + answers -> output', () => {
  const call = { method: 'PATCH', path: `/v1/checkout-links/${ID}` };
  const base: UpdateOptions = { id: ID, body: {}, metadata: {}, output: {} };

  it('sends only what was given, nulls to clear; prints the card', async () => {
    const r = await answered(
      runUpdate,
      { ...base, body: { label: 'Pricing page', discount_id: null, trial_interval: null } },
      call,
      200,
      LINK,
      TODAY,
    );
    expect(r).toMatchObject({ code: 0, stdout: LINK_CARD, stderr: '' });
    expect(r.seen.body).toEqual({ label: 'Pricing page', discount_id: null, trial_interval: null });
  });

  it('--metadata merges into what the link has; --product names are looked up', async () => {
    const sent: unknown[] = [];
    const r = await execute(
      runUpdate,
      {
        ...base,
        products: ['Acme Pro', ID2],
        metadata: { set: { k: 2 }, unset: ['src'] },
        output: { fields: 'label' },
      },
      {
        ...TODAY,
        http: (pool: ScriptedHost) => {
          pool
            .intercept({ path: '/v1/products/?query=Acme+Pro&page=1&limit=100' })
            .reply(200, page([{ id: PRODUCT, name: 'Acme Pro' }]), json);
          pool
            .intercept({ method: 'GET', path: `/v1/checkout-links/${ID}` })
            .reply(200, { ...LINK, metadata: { src: 'site', keep: 'yes' } }, json);
          pool.intercept(call).reply((req) => {
            const body = JSON.parse(String(req.body));
            sent.push(body, requestErrors(req.method, req.path, body));
            return { statusCode: 200, data: LINK, responseOptions: json };
          });
        },
      },
    );
    expect(r).toEqual({ code: 0, stdout: 'label\tPricing page\n', stderr: '' });
    expect(sent).toEqual([{ products: [PRODUCT, ID2], metadata: { keep: 'yes', k: 2 } }, []]);
  });

  it('an unknown link: exit 6', async () => {
    const r = await execute(
      runUpdate,
      { ...base, body: { label: 'x' } },
      { ...TODAY, http: (pool) => pool.intercept(call).reply(404, NOT_FOUND, json) },
    );
    expect(r).toEqual({ code: 6, stdout: '', stderr: `billing: checkout link ${ID} not found\n` });
  });

  it("on the seed's generation: one line, nothing sent", async () => {
    expect(await execute(runUpdate, { ...base, body: { label: 'x' } })).toEqual({
      code: 2,
      stdout: '',
      stderr: seedRefusal('update'),
    });
  });
});
