// A command in a real pseudo-terminal (test/helpers/terminal.py): the tests type into it, Ctrl+C
// included, and read what the terminal shows.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./terminal.py', import.meta.url));

export interface Terminal {
  /** Everything the terminal has shown so far (escape sequences included). */
  readonly output: string;
  write(text: string): void;
  /** Resolves once the output matches; rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** The command's exit code (130 after a Ctrl+C that ended it), and when it came. */
  readonly exited: Promise<{ code: number | null; at: number }>;
  kill(): void;
}

export function spawnTerminal(
  command: string[],
  opts: { env: Record<string, string | undefined>; cols?: number; rows?: number },
): Terminal {
  const env = Object.fromEntries(
    Object.entries({ TERM: 'xterm-256color', ...opts.env }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  const child: ChildProcess = spawn(
    'python3',
    [SCRIPT, String(opts.cols ?? 100), String(opts.rows ?? 30), ...command],
    { env, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  const waiters = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    for (const wake of waiters) wake();
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => {
    child.on('close', (code) => resolve({ code, at: performance.now() }));
  });
  return {
    get output() {
      return output;
    },
    write(text) {
      child.stdin!.write(text);
    },
    waitFor(pattern, timeoutMs = 10_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(output)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`terminal never showed ${pattern}; it shows:\n${output}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    exited,
    kill() {
      child.kill('SIGKILL');
    },
  };
}
