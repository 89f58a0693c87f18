// billing links get: argv -> options or the exact usage error; options + answers -> output,
// and --open: the link's page in the browser (its address where none can show it). Today's
// API only: each request is checked against the real 2026-10 description by `answered`.
import { describe, expect, it } from 'vitest';
import { buildGet, type GetOptions, runGet } from '../../../../src/cli/commands/links/get.js';
import { answered, execute, ID, json, NOT_FOUND, parse } from '../verb.js';
import { LINK, LINK_CARD, seedRefusal, TODAY, URL_ } from './fixtures.js';

describe('links get: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, open: false, output: {} }],
    [[ID, '--open', '--json'], { id: ID, open: true, output: { json: true } }],
    [
      [ID, '--fields', 'url,products.0.name'],
      { id: ID, open: false, output: { fields: 'url,products.0.name' } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'links' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], "billing: missing required argument 'id'\n"],
    [['polar_cl_abc'], 'billing: checkout link id: "polar_cl_abc" is not a UUID\n'],
    [
      [ID, '--fields', 'product.name'],
      'billing: --fields: "product" is not a field here\n' +
        'Fields: id, created_at, modified_at, trial_interval, trial_interval_count, ' +
        'payment_processor, client_secret, success_url, return_url, label, allow_discount_codes, ' +
        'require_billing_address, discount_id, seats, organization_id, url, metadata, products.…, ' +
        'discount.… (nested ones by dot path, e.g. customer.email)\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'links' })).toEqual({ code: 2, stderr });
  });
});

describe('links get: options + answers -> output', () => {
  const base: GetOptions = { id: ID, open: false, output: {} };
  const call = { method: 'GET', path: `/v1/checkout-links/${ID}` };

  it('a pipe gets the card as key-value lines, the products by name', async () => {
    const r = await answered(runGet, base, call, 200, LINK, TODAY);
    expect(r).toMatchObject({ code: 0, stdout: LINK_CARD, stderr: '' });
  });

  it('--open: the card, then the page in the browser', async () => {
    const opened: string[] = [];
    const r = await answered(
      runGet,
      { ...base, open: true, output: { fields: 'label' } },
      call,
      200,
      LINK,
      {
        env: { ...TODAY.env, DISPLAY: ':0' },
        openBrowser: async (url) => {
          opened.push(url);
        },
      },
    );
    expect(r).toMatchObject({
      code: 0,
      stdout: 'label\tPricing page\n',
      stderr: `Opened ${URL_} in your browser.\n`,
    });
    expect(opened).toEqual([URL_]);
  });

  it('--open without a display: the address on stderr, nothing opened', async () => {
    const opened: string[] = [];
    const r = await answered(
      runGet,
      { ...base, open: true, output: { fields: 'id' } },
      call,
      200,
      LINK,
      {
        env: { ...TODAY.env, DISPLAY: '', WAYLAND_DISPLAY: '' },
        openBrowser: async (url) => {
          opened.push(url);
        },
      },
    );
    expect(r).toMatchObject({
      code: 0,
      stdout: `id\t${ID}\n`,
      stderr: `No browser to open here: open ${URL_} in one.\n`,
    });
    expect(opened).toEqual([]);
  });

  it('--open never hands the browser anything but an http(s) address', async () => {
    const opened: string[] = [];
    const r = await execute(
      runGet,
      { ...base, open: true, output: { fields: 'id' } },
      {
        ...TODAY,
        env: { ...TODAY.env, DISPLAY: ':0' },
        openBrowser: async (url) => {
          opened.push(url);
        },
        http: (pool) =>
          pool.intercept(call).reply(200, { ...LINK, url: 'file:///etc/passwd' }, json),
      },
    );
    expect(opened).toEqual([]);
    expect(r).toEqual({
      code: 1,
      stdout: `id\t${ID}\n`,
      stderr: 'billing: the service answered a checkout link without an http(s) url\n',
    });
  });

  it('an unknown link: exit 6', async () => {
    const r = await execute(runGet, base, {
      ...TODAY,
      http: (pool) => pool.intercept(call).reply(404, NOT_FOUND, json),
    });
    expect(r).toEqual({ code: 6, stdout: '', stderr: `billing: checkout link ${ID} not found\n` });
  });

  it("on the seed's generation: one line, nothing sent", async () => {
    expect(await execute(runGet, base)).toEqual({
      code: 2,
      stdout: '',
      stderr: seedRefusal('get'),
    });
  });
});
