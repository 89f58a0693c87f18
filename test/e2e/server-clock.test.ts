// Times on the service's clock (issue 24): after `billing clock advance 1y`, what the service
// makes now is "just now" on a terminal, not "in 1 year"; relative times are relative to the
// server's now (the Date of its answers, which the local service's test clock moves), and a
// terminal is told so once. Run in a real pseudo-terminal, as a person sees it.
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTerminal } from '../helpers/pty.js';
import { BIN, type Suite, startSuite } from './cli.js';

const python = spawnSync('python3', ['--version']).status === 0;
let s: Suite;

beforeAll(async () => {
  s = await startSuite();
});
afterAll(() => s.svc.stop());

describe('relative times follow the service clock', () => {
  it('a customer made a year ahead was created just now, and the terminal is told once', async () => {
    expect(python, 'python3 runs the pseudo-terminal').toBe(true);
    expect((await s.run(['clock', 'advance', '1y'])).code).toBe(0);
    const term = spawnTerminal(
      [
        process.execPath,
        BIN,
        'customers',
        'create',
        '--email',
        'clock@example.com',
        '--org',
        s.demo.organization_id,
        '--no-pager',
      ],
      { env: { ...s.env, PATH: process.env.PATH }, cols: 120 },
    );
    expect((await term.exited).code).toBe(0);
    const shown = stripVTControlCharacters(term.output).replace(/\r/g, '');
    expect(shown).toMatch(/^Created\s+just now$/m);
    const notes = shown.match(/^Note: the service's clock is 1 year ahead of this machine's/gm);
    expect(notes).toHaveLength(1);
  });
});
