// billing discounts get: argv -> options; options + answers -> a card, and on a terminal the
// products it applies to.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildGet, runGet } from '../../../../src/cli/commands/discounts/get.js';
import { answered, ID, ID2, NOT_FOUND, parse } from '../verb.js';
import { HALF, LAUNCH, LAUNCH_CARD, PRODUCT_ID } from './fixtures.js';

describe('discounts get: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, output: {} }],
    [[ID, '--fields', 'code,products.name'], { id: ID, output: { fields: 'code,products.name' } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'discounts' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['LAUNCH10'], 'billing: discount id: "LAUNCH10" is not a UUID\n'],
    [[], "billing: missing required argument 'id'\n"],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'discounts' })).toEqual({ code: 2, stderr });
  });
});

describe('discounts get: options + answers -> output', () => {
  const call = (id: string) => ({ method: 'GET', path: `/v1/discounts/${id}` });

  it('a pipe gets the key\\tvalue card', async () => {
    const r = await answered(runGet, { id: ID, output: {} }, call(ID), 200, LAUNCH);
    expect(r).toMatchObject({ code: 0, stdout: LAUNCH_CARD, stderr: '' });
  });

  it('a terminal: what it takes off, then the products it is restricted to', async () => {
    const r = await answered(runGet, { id: ID2, output: {} }, call(ID2), 200, HALF, { tty: true });
    const lines = stripVTControlCharacters(r.stdout)
      .split('\n')
      .map((l) => l.trimEnd());
    expect(lines).toContain('Name             Half off (50% off)');
    expect(lines).toContain('Basis points     5000');
    expect(lines).toContain('Months           3');
    expect(lines.slice(lines.indexOf('Products:'))).toEqual([
      'Products:',
      'PRODUCT   PRODUCT ID',
      `Acme Pro  ${PRODUCT_ID}`,
      '',
    ]);
  });

  it('a terminal: a discount for every product says so', async () => {
    const r = await answered(runGet, { id: ID, output: {} }, call(ID), 200, LAUNCH, { tty: true });
    const text = stripVTControlCharacters(r.stdout);
    expect(text).toContain('Name             Launch 10 ($10.00 USD off)\n');
    expect(text).toContain('Amount           $10.00 USD\n');
    expect(text.endsWith('\nProducts: every product\n')).toBe(true);
  });

  it('404: exit 6 naming the discount', async () => {
    const r = await answered(runGet, { id: ID, output: {} }, call(ID), 404, NOT_FOUND);
    expect(r).toMatchObject({ code: 6, stdout: '', stderr: `billing: discount ${ID} not found\n` });
  });
});
