// billing checkout open: argv -> options (or the exact usage error); options + answers -> the
// page opened in the browser, or its address on stdout where no browser can show it.
import { describe, expect, it } from 'vitest';
import { buildOpen, runOpen } from '../../../../src/cli/commands/checkout/open.js';
import { execute, ID, json, NOT_FOUND, parse } from '../verb.js';
import { CHECKOUT } from './fixtures.js';

describe('checkout open: argv -> options', () => {
  it('takes the session id', async () => {
    expect(await parse(buildOpen, 'open', [ID.toUpperCase()], { noun: 'checkout' })).toEqual({
      options: { id: ID },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['polar_c_abc'], 'billing: checkout id: "polar_c_abc" is not a UUID\n'],
    [[], "billing: missing required argument 'id'\n"],
    [[ID, '--json'], "billing: unknown option '--json'\n"],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildOpen, 'open', argv, { noun: 'checkout' })).toEqual({ code: 2, stderr });
  });
});

describe('checkout open: options + answers -> the browser or the address', () => {
  const open = (
    env: Record<string, string>,
    opened: string[] | undefined,
    status = 200,
    body: object = CHECKOUT,
  ) =>
    execute(
      runOpen,
      { id: ID },
      {
        env,
        openBrowser: async (url) => {
          if (!opened) throw new Error('xdg-open failed');
          opened.push(url);
        },
        http: (pool) =>
          pool
            .intercept({ path: `/v1/checkouts/custom/${ID}`, method: 'GET' })
            .reply(status, body, json),
      },
    );

  it('opens the session’s url in the browser', async () => {
    const opened: string[] = [];
    expect(await open({ DISPLAY: ':0' }, opened)).toEqual({
      code: 0,
      stdout: '',
      stderr: `Opened ${CHECKOUT.url} in your browser.\n`,
    });
    expect(opened).toEqual([CHECKOUT.url]);
  });

  it('prints the address without a display, over SSH, or when the browser fails', async () => {
    const printed = {
      code: 0,
      stdout: `${CHECKOUT.url}\n`,
      stderr: 'No browser to open here: open the address above in one.\n',
    };
    const opened: string[] = [];
    expect(await open({ DISPLAY: '', WAYLAND_DISPLAY: '' }, opened)).toEqual(printed);
    expect(await open({ DISPLAY: ':0', SSH_TTY: '/dev/pts/0' }, opened)).toEqual(printed);
    expect(opened).toEqual([]);
    expect(await open({ DISPLAY: ':0' }, undefined)).toEqual({
      ...printed,
      stderr: `! Could not open a browser (xdg-open failed).\n${printed.stderr}`,
    });
  });

  it('warns that a session that is not open takes no payment, and still shows its page', async () => {
    const r = await open({ DISPLAY: '' }, [], 200, { ...CHECKOUT, status: 'expired' });
    expect(r).toEqual({
      code: 0,
      stdout: `${CHECKOUT.url}\n`,
      stderr:
        `! Checkout ${ID} is expired: its page says so, and takes no payment.\n` +
        'No browser to open here: open the address above in one.\n',
    });
  });

  it('never hands the browser anything but an http(s) address', async () => {
    const opened: string[] = [];
    const r = await open({ DISPLAY: ':0' }, opened, 200, {
      ...CHECKOUT,
      url: 'file:///etc/passwd',
    });
    expect(opened).toEqual([]);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
  });

  it('an unknown session: exit 6', async () => {
    expect(await open({ DISPLAY: ':0' }, [], 404, NOT_FOUND)).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: checkout ${ID} not found\n`,
    });
  });
});
