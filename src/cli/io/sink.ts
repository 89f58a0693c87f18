// Writes that respect back-pressure and end quietly when the reader goes away (`| head`).
import type { OutStream } from './streams.js';

/** True for a broken pipe: the reader closed stdout, so there is nobody left to tell. */
export function isEpipe(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

interface StreamState {
  closed: boolean;
  error?: unknown;
  waiters: Set<() => void>;
}

type Listening = OutStream & {
  on?: (event: 'error' | 'close', listener: (err?: unknown) => void) => unknown;
  listenerCount?: (event: 'error') => number;
  destroyed?: boolean;
};

const states = new WeakMap<OutStream, StreamState>();

// One guard per stream, kept for the process: a broken pipe reported after our last write
// must not surface as an uncaught 'error' event either.
function stateOf(stream: Listening): StreamState {
  let state = states.get(stream);
  if (state) return state;
  const created: StreamState = { closed: false, waiters: new Set() };
  state = created;
  states.set(stream, created);
  if (typeof stream.on === 'function') {
    stream.on('error', (err) => {
      if (isEpipe(err)) created.closed = true;
      else if (created.waiters.size > 0 || (stream.listenerCount?.('error') ?? 1) > 1) {
        created.error = err;
      } else throw err; // what Node would do had we not listened
      for (const wake of created.waiters) wake();
      created.waiters.clear();
    });
    // A reader that goes away while we wait for 'drain' (a pager that was quit or ended) may
    // close the stream without an error: nothing more will drain, so stop waiting.
    stream.on('close', () => {
      created.closed = true;
      for (const wake of created.waiters) wake();
      created.waiters.clear();
    });
  }
  return created;
}

export class Sink {
  readonly #stream: Listening;
  readonly #state: StreamState;

  constructor(stream: OutStream) {
    this.#stream = stream;
    this.#state = stateOf(stream);
  }

  /** The reader is gone; callers stop producing output (and stop fetching pages). */
  get closed(): boolean {
    return this.#state.closed || this.#stream.destroyed === true;
  }

  /** Resolves once the stream can take more; never throws for a broken pipe. */
  async write(chunk: string | Uint8Array): Promise<void> {
    if (this.closed) return;
    this.#rethrow();
    let ok: boolean;
    try {
      ok = this.#stream.write(chunk);
    } catch (err) {
      if (!isEpipe(err)) throw err;
      this.#state.closed = true;
      return;
    }
    if (!ok && !this.closed) await this.#drain();
    this.#rethrow();
  }

  #drain(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.#state.waiters.delete(wake);
        resolve();
      };
      this.#state.waiters.add(wake);
      this.#stream.once('drain', wake);
    });
  }

  #rethrow(): void {
    const { error } = this.#state;
    if (error === undefined) return;
    this.#state.error = undefined;
    throw error;
  }
}
