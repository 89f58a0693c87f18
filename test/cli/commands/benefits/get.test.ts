// billing benefits get: argv -> options; options + answers -> a card with its properties.
import { describe, expect, it } from 'vitest';
import { buildGet, runGet } from '../../../../src/cli/commands/benefits/get.js';
import { answered, ID, NOT_FOUND, ORG, parse } from '../verb.js';
import { LICENSE } from './fixtures.js';

describe('benefits get: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, output: {} }],
    [[ID, '--fields', 'properties.prefix'], { id: ID, output: { fields: 'properties.prefix' } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'benefits' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['support'], 'billing: benefit id: "support" is not a UUID\n'],
    [
      [ID, '--fields', 'description.text'],
      'billing: --fields: "description.text" is not a field here\n' +
        '"description" is a value, with no fields inside\n',
    ],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'benefits' })).toEqual({ code: 2, stderr });
  });
});

describe('benefits get: options + answers -> output', () => {
  const call = { method: 'GET', path: `/v1/benefits/${ID}` };

  it('a pipe gets the key\\tvalue card, properties as JSON', async () => {
    const r = await answered(runGet, { id: ID, output: {} }, call, 200, LICENSE);
    expect(r).toMatchObject({
      code: 0,
      stdout:
        `id\t${ID}\ntype\tlicense_keys\ndescription\tAcme Pro license\nselectable\ttrue\n` +
        `deletable\ttrue\norganization_id\t${ORG}\ncreated_at\t2026-01-10T09:00:00Z\n` +
        'properties\t{"prefix":"ACME","expires":null,"activations":{"limit":3},"limit_usage":null}\n',
      stderr: '',
    });
  });

  it('--fields picks inside the properties', async () => {
    const r = await answered(
      runGet,
      { id: ID, output: { fields: 'id,properties.prefix' } },
      call,
      200,
      LICENSE,
    );
    expect(r.stdout).toBe(`id\t${ID}\nproperties.prefix\tACME\n`);
  });

  it('404: exit 6 naming the benefit', async () => {
    const r = await answered(runGet, { id: ID, output: {} }, call, 404, NOT_FOUND);
    expect(r).toMatchObject({ code: 6, stdout: '', stderr: `billing: benefit ${ID} not found\n` });
  });
});
