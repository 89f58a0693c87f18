import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMessenger } from '../../../src/cli/io/messages.js';
import { createProgress } from '../../../src/cli/io/progress.js';
import { COLOR_ENV, FakeStream, fakeIO } from './fake-stream.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

function stubEnv(env: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
}

describe('progress', () => {
  it('rewrites one line on a TTY and clears it at the end', () => {
    const stderr = new FakeStream({ isTTY: true, columns: 80 });
    const progress = createProgress(stderr);
    progress.page(3, 12);
    progress.page(4);
    progress.update('Resolving customers');
    progress.done();
    progress.done();
    expect(stderr.chunks).toEqual([
      '\r\x1b[KFetching page 3/12…',
      '\r\x1b[KFetching page 4…',
      '\r\x1b[KResolving customers',
      '\r\x1b[K',
    ]);
  });

  it('keeps the line shorter than the terminal so it never wraps', () => {
    const stderr = new FakeStream({ isTTY: true, columns: 12 });
    createProgress(stderr).page(3, 12);
    expect(stderr.chunks).toEqual(['\r\x1b[KFetching p…']);
  });

  it('is silent when stderr is not a TTY', () => {
    const stderr = new FakeStream({ isTTY: false });
    const progress = createProgress(stderr);
    progress.page(1, 2);
    progress.done();
    expect(stderr.chunks).toEqual([]);
  });

  it('writes nothing on done() when nothing was shown', () => {
    const stderr = new FakeStream({ isTTY: true });
    createProgress(stderr).done();
    expect(stderr.chunks).toEqual([]);
  });
});

describe('messenger', () => {
  it.each([
    ['not a TTY', false, COLOR_ENV, ['✓ Saved\n', '! Careful\n', 'Note\n']],
    ['NO_COLOR', true, { ...COLOR_ENV, NO_COLOR: '1' }, ['✓ Saved\n', '! Careful\n', 'Note\n']],
    [
      'a colour TTY',
      true,
      COLOR_ENV,
      ['\x1b[32m✓\x1b[39m Saved\n', '\x1b[33m!\x1b[39m Careful\n', 'Note\n'],
    ],
  ])('writes to stderr only (%s)', (_name, isTTY, env, expected) => {
    stubEnv(env);
    const { io, stdout, stderr } = fakeIO({ isTTY });
    const say = createMessenger(io);
    say.success('Saved');
    say.warn('Careful');
    say.info('Note');
    expect(stderr.chunks).toEqual(expected);
    expect(stdout.chunks).toEqual([]);
  });
});
