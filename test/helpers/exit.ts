// An error as the user meets it: its message and advice, and the exit code main.ts gives it.
import { exitCodeOf } from '../../src/cli/main.js';

export function withExit(err: unknown): Record<string, unknown> {
  const e = err as Error & { hint?: string; details?: unknown; code?: string };
  return {
    message: e.message,
    hint: e.hint,
    details: e.details,
    code: e.code,
    exitCode: exitCodeOf(err),
  };
}
