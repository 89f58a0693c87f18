// Output format and --fields: validated once, at the flag boundary.
import { UsageError } from '../../errors.js';

export const OUTPUT_FORMATS = ['table', 'tsv', 'json', 'ndjson'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface FormatFlags {
  json?: boolean;
  output?: string;
  /** Whether stdout is a terminal: it picks the default format. */
  isTTY?: boolean;
}

function isFormat(value: string): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(value);
}

/** `--json` is `-o json`; without either, a table on a terminal and TSV in a pipe. */
export function resolveFormat({ json, output, isTTY }: FormatFlags): OutputFormat {
  if (output !== undefined && !isFormat(output)) {
    throw new UsageError(
      `invalid output format "${output}": expected one of ${OUTPUT_FORMATS.join(', ')}`,
    );
  }
  if (json && output !== undefined && output !== 'json') {
    throw new UsageError(`--json conflicts with --output ${output}`);
  }
  if (json) return 'json';
  return output ?? (isTTY ? 'table' : 'tsv');
}

const PATH = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;

/** `a, b.c` -> ['a', 'b.c'], duplicates dropped; anything else is a UsageError. */
export function parseFields(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : [...value];
  const paths = parts.map((p) => p.trim());
  const bad = paths.filter((p) => !PATH.test(p));
  if (paths.length === 0 || bad.length > 0) {
    const shown = bad.map((b) => (b === '' ? '(empty)' : `"${b}"`)).join(', ');
    throw new UsageError(`invalid --fields: ${shown || '(empty)'}`, {
      hint: 'Use comma-separated dot paths, e.g. --fields id,status,customer.email',
    });
  }
  return [...new Set(paths)];
}
