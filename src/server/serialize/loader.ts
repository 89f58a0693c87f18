// What the serializers share: the per-request Loader (store/loader.ts) and small converters.
import { parseJson } from '../store/index.js';
import type { Stamped } from '../store/rows.js';

export { Loader } from '../store/loader.js';

export type R = Record<string, unknown>;
export const j = (v: unknown): unknown => parseJson(v);
export const b = (v: unknown): boolean => v === 1 || v === true;

export const stamps = (r: Pick<Stamped, 'created_at' | 'modified_at'>) => ({
  created_at: r.created_at,
  modified_at: r.modified_at ?? null,
});
