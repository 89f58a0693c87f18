// billing config list: aligned columns for a person, tab-separated values for a script.
import { describe, expect, it } from 'vitest';
import { run } from '../../../helpers/cli.js';

describe('config list', () => {
  it('aligns its columns on a terminal', async () => {
    const r = await run(['config', 'list'], { tty: true });
    const rows = r.stdout.split('\n').slice(2, -1);
    expect(rows[0]).toBe(`base_url         http://127.0.0.1:8787${' '.repeat(33)}(builtin)`);
    // Every value starts in the same column, and so does every source.
    const valueAt = new Set(rows.filter((l) => l.includes('(')).map((l) => l.search(/ \S/) + 1));
    const sourceAt = new Set(rows.filter((l) => l.includes('(')).map((l) => l.indexOf('(')));
    expect([valueAt.size, sourceAt.size]).toEqual([1, 1]);
    expect(r.stdout).not.toContain('\t');
  });

  it('is tab-separated in a pipe', async () => {
    const r = await run(['config', 'list']);
    expect(r.stdout.split('\n')[2]).toBe('base_url\thttp://127.0.0.1:8787\t(builtin)');
  });
});
