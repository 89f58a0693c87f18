// The streams a command talks through, as the process (or a test) hands them over. They live
// here, below the Context that carries them: io never imports the Context (issue 25).

export interface OutStream {
  /** Text, or UTF-8 bytes (the streamed formats' chunks). */
  write(chunk: string | Uint8Array): boolean;
  once(event: 'drain', listener: () => void): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface InStream extends AsyncIterable<string | Buffer> {
  isTTY?: boolean;
  /** Ends a pending read (process.stdin); a read left pending keeps the process alive. */
  destroy?(): void;
}

export interface IO {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
}

/** What a question to a person needs of the run: its streams, and Ctrl+C to stop asking. */
export interface Terminal {
  io: IO;
  signal: AbortSignal;
}
