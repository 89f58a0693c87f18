// Global flags: --request-timeout / --connect-timeout override the profile's timeouts.

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';

describe('timeouts from flags', () => {
  let server: Server;
  let url: string;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts connections and never answers.
    server = createServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });

  it('gives up on a POST after --request-timeout, saying it may have applied, exit 3', async () => {
    // The server never answers: only the 0.5 s timeout, named in the message, ends the command.
    const r = await run(
      [
        '--request-timeout',
        '0.5',
        'keys',
        'activate',
        'KEY-1',
        '--org',
        '0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21',
        '--label',
        'x',
      ],
      { env: { BILLING_BASE_URL: url, BILLING_TOKEN: 'polar_pat_x' } },
    );
    expect(r).toEqual({
      code: 3,
      stdout: '',
      stderr:
        `billing: POST ${url}/v1/license-keys/activate failed (timed out after 500ms); ` +
        'the server may have applied this request; check before retrying\n' +
        'Look the resource up to see whether the change took effect before running the command again.\n',
    });
  });

  it('refuses a bad value before sending anything, exit 2', async () => {
    const r = await run(['--connect-timeout', '-1', 'orders', 'list'], {
      env: { BILLING_BASE_URL: url, BILLING_TOKEN: 'polar_pat_x' },
    });
    expect(r).toMatchObject({
      code: 2,
      stderr:
        'billing: --connect-timeout: must be a number of seconds above 0 and at most 3600, got "-1"\n',
    });
  });
});
