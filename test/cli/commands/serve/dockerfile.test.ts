// The Dockerfile (issue 29) cannot be built here (no container runtime): what can be checked is
// that the command it runs is one `billing serve` accepts, with the options it says it has.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildServe } from '../../../../src/cli/commands/serve/serve.js';
import { parse } from '../verb.js';

const text = readFileSync(
  fileURLToPath(new URL('../../../../Dockerfile', import.meta.url)),
  'utf8',
);
const instruction = (name: string): string[] =>
  JSON.parse(new RegExp(`^${name} (\\[.*\\])$`, 'm').exec(text)?.[1] ?? 'null');

describe('Dockerfile', () => {
  it('installs the published package and runs billing serve with options it accepts', async () => {
    expect(text).toMatch(/npm install --global .*"billing@\$\{BILLING_VERSION\}"/);
    expect(instruction('ENTRYPOINT')).toEqual(['billing', 'serve']);
    const r = await parse(buildServe, 'serve', instruction('CMD'));
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.options).toMatchObject({
      host: '0.0.0.0',
      port: 8787,
      allowedHosts: ['billing'],
      json: true,
      quiet: true,
    });
    expect(text).toContain('EXPOSE 8787');
  });
});
