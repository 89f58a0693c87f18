// billing products archive: argv -> options; options + answers -> PATCH {"is_archived": true}.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildArchive, runArchive } from '../../../../src/cli/commands/products/archive.js';
import { answered, ID, NOT_FOUND, parse } from '../verb.js';
import { PRO } from './fixtures.js';

describe('products archive: argv -> options', () => {
  it.each([
    [[ID.toUpperCase()], { id: ID, output: {} }],
    [[ID, '-o', 'json'], { id: ID, output: { output: 'json' } }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildArchive, 'archive', argv, { noun: 'products' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], "billing: missing required argument 'product'\n"],
    [['a\nb'], 'billing: product: "a b" is neither a product id (UUID) nor a name\n'],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildArchive, 'archive', argv, { noun: 'products' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('products archive: options + answers -> output', () => {
  const call = { method: 'PATCH', path: `/v1/products/${ID}` };
  const archived = { ...PRO, is_archived: true };

  it('sends is_archived and nothing else; a terminal gets the card and the ✓ line', async () => {
    const r = await answered(runArchive, { id: ID, output: {} }, call, 200, archived, {
      tty: true,
    });
    expect(r.code).toBe(0);
    expect(r.seen.body).toEqual({ is_archived: true });
    expect(stripVTControlCharacters(r.stdout)).toContain('\nArchived      yes\n');
    expect(stripVTControlCharacters(r.stderr)).toBe(`✓ Product ${ID} archived.\n`);
  });

  it('--json: the archived product as sent', async () => {
    const r = await answered(runArchive, { id: ID, output: { json: true } }, call, 200, archived);
    expect(JSON.parse(r.stdout)).toEqual(archived);
    expect(r.stderr).toBe('');
  });

  it('404: exit 6', async () => {
    const r = await answered(runArchive, { id: ID, output: {} }, call, 404, NOT_FOUND);
    expect(r).toMatchObject({ code: 6, stdout: '', stderr: `billing: product ${ID} not found\n` });
  });
});
