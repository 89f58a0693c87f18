// Wire bodies the real service may send, generated from its official SDK's zod 3 models
// (inbound schemas, which read the JSON as sent). zod-fast-check cannot follow the SDK's lazy
// schemas, so this walks the zod 3 definitions itself:
//   minimal — optional keys omitted, nullable values null, lists and records empty;
//   full    — every key present, nullables set, one item per list;
// and in full mode `branch` picks the n-th option of every union and enum (modulo its size),
// so that walking branch = 0 … widest-1 takes every branch of every union at least once.
import { createRequire } from 'node:module';
import { sdk } from './sdk.js';

// The SDK's model modules, loaded after sdk.ts pointed its zod at zod 3.
void sdk;
const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: the SDK's zod 3 schemas, walked by their _def
export const components: Record<string, any> = require('@polar-sh/sdk/models/components/index.js');

// biome-ignore lint/suspicious/noExplicitAny: zod 3 internals (_def) are untyped here
type Schema = { _def: any; safeParse(v: unknown): { success: boolean; error?: unknown } };

export interface Variant {
  mode: 'minimal' | 'full';
  branch: number;
}

const MAX_DEPTH = 14;
const EPOCH = Date.parse('2025-01-02T03:04:05Z');

/** Generates bodies with ids unique across one generator. */
export class WireGenerator {
  private next = 1;

  /** A fresh lowercase UUID (resource ids; upper case would read as a license key). */
  uuid(): string {
    return `00000000-0000-4000-8000-${String(this.next++).padStart(12, '0')}`;
  }

  body(schema: Schema, variant: Variant): unknown {
    const value = this.walk(schema, variant, '', 0);
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new Error(`generated body does not fit the SDK model: ${String(parsed.error)}`);
    }
    return value;
  }

  private walk(schema: Schema, v: Variant, key: string, depth: number): unknown {
    const def = schema._def;
    const deep = depth > MAX_DEPTH;
    switch (def.typeName) {
      case 'ZodObject': {
        const out: Record<string, unknown> = {};
        for (const [k, child] of Object.entries(def.shape() as Record<string, Schema>)) {
          const optional = ['ZodOptional', 'ZodDefault'].includes(child._def.typeName);
          if (optional && (v.mode === 'minimal' || deep)) continue;
          out[k] = this.walk(child, v, k, depth + 1);
        }
        return out;
      }
      case 'ZodOptional':
      case 'ZodDefault':
      case 'ZodCatch':
      case 'ZodBranded':
      case 'ZodReadonly':
        return this.walk(def.innerType ?? def.type, v, key, depth);
      case 'ZodNullable':
        if (v.mode === 'minimal' || deep) return null;
        return this.walk(def.innerType, v, key, depth);
      case 'ZodEffects':
        return this.walk(def.schema, v, key, depth);
      case 'ZodPipeline':
        return this.walk(def.in, v, key, depth);
      case 'ZodLazy':
        return this.walk(def.getter(), v, key, depth);
      case 'ZodUnion':
      case 'ZodDiscriminatedUnion': {
        const options = [...(def.options as Schema[] | Map<unknown, Schema>).values()];
        return this.walk(options[v.branch % options.length]!, v, key, depth);
      }
      case 'ZodIntersection':
        return {
          ...(this.walk(def.left, v, key, depth) as object),
          ...(this.walk(def.right, v, key, depth) as object),
        };
      case 'ZodNativeEnum': {
        const values = Object.values(def.values as Record<string, unknown>).filter(
          (x) => typeof x === 'string',
        );
        return values[v.branch % values.length];
      }
      case 'ZodEnum':
        return def.values[v.branch % def.values.length];
      case 'ZodLiteral':
        return def.value;
      case 'ZodString':
        return this.string(def.checks as { kind: string }[], key, v);
      case 'ZodNumber': {
        const min = (def.checks as { kind: string; value: number }[]).find((c) => c.kind === 'min');
        return Math.max(1500 + v.branch, min ? min.value : 0);
      }
      case 'ZodBoolean':
        return v.branch % 2 === 0;
      case 'ZodArray':
        if (v.mode === 'minimal' || deep) return [];
        return [this.walk(def.type, v, key, depth + 1)];
      case 'ZodRecord':
        if (v.mode === 'minimal' || deep) return {};
        return { [`${key || 'k'}_key`]: this.walk(def.valueType, v, '', depth + 1) };
      case 'ZodTuple':
        return (def.items as Schema[]).map((item) => this.walk(item, v, key, depth + 1));
      case 'ZodAny':
      case 'ZodUnknown':
        return v.mode === 'minimal' ? null : `${key}-value`;
      case 'ZodNull':
        return null;
      case 'ZodDate':
        return new Date(EPOCH).toISOString();
      default:
        throw new Error(`wire: no generator for ${def.typeName} at "${key}"`);
    }
  }

  private string(checks: { kind: string }[], key: string, v: Variant): string {
    const kinds = new Set(checks.map((c) => c.kind));
    if (kinds.has('datetime') || key.endsWith('_at')) {
      return new Date(EPOCH + this.next++ * 86_400_000).toISOString();
    }
    if (kinds.has('uuid') || key === 'id' || key.endsWith('_id')) return this.uuid();
    if (kinds.has('email') || key.endsWith('email')) return `buyer${this.next++}@example.com`;
    if (kinds.has('url') || key.endsWith('_url') || key === 'url') {
      return `https://example.com/${key || 'x'}`;
    }
    if (key.endsWith('currency')) return 'usd';
    return `${key || 'text'}-${v.mode}-${v.branch}`;
  }
}

/** The widest union or enum in the schema: how many branches `full` must walk. */
export function widest(schema: Schema, seen = new Set<unknown>()): number {
  const def = schema._def;
  if (seen.has(def)) return 1;
  seen.add(def);
  const kids: Schema[] = [];
  let own = 1;
  switch (def.typeName) {
    case 'ZodObject':
      kids.push(...(Object.values(def.shape()) as Schema[]));
      break;
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      kids.push(...(def.options as Schema[] | Map<unknown, Schema>).values());
      own = kids.length;
      break;
    case 'ZodNativeEnum':
      own = Object.values(def.values).filter((x) => typeof x === 'string').length;
      break;
    case 'ZodEnum':
      own = def.values.length;
      break;
    case 'ZodLazy':
      kids.push(def.getter());
      break;
    case 'ZodIntersection':
      kids.push(def.left, def.right);
      break;
    case 'ZodArray':
      kids.push(def.type);
      break;
    case 'ZodRecord':
      kids.push(def.valueType);
      break;
    case 'ZodTuple':
      kids.push(...def.items);
      break;
    case 'ZodEffects':
      kids.push(def.schema);
      break;
    case 'ZodPipeline':
      kids.push(def.in);
      break;
    default:
      if (def.innerType) kids.push(def.innerType);
  }
  return Math.max(own, ...kids.map((k) => widest(k, seen)));
}

/** Every variant a model needs: minimal, and full on each branch up to the widest union. */
export function variants(schema: Schema): Variant[] {
  const n = Math.min(widest(schema), 12);
  return [
    { mode: 'minimal', branch: 0 },
    ...Array.from({ length: n }, (_, branch) => ({ mode: 'full' as const, branch })),
  ];
}

/** Every id in a body: values of `id` and `*_id` keys, at any depth. */
export function idsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) idsIn(item, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'id' || k.endsWith('_id')) && typeof v === 'string') out.add(v);
      else idsIn(v, out);
    }
  }
  return out;
}
