// The API generations the CLI speaks (api-facts.md "API generations"). The real service versions
// its API by a `Polar-Version: YYYY-MM` header (server/polar/kit/versioning.py, version.py);
// `none` sends no header: the generation of the spec and of SDK 0.20.2 (early 2025), which is
// what `billing serve` answers in. No imports.

/** The versions today's service accepts; their descriptions are the same but for the name. */
export const API_VERSIONS = ['2026-04', '2026-10'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const DEFAULT_API_VERSION: ApiVersion = '2026-10';
/** The setting's values: a version, or `none` for the seed's generation. */
export const API_VERSION_SETTINGS = [...API_VERSIONS, 'none'] as const;
export type ApiVersionSetting = (typeof API_VERSION_SETTINGS)[number];
/**
 * The generation a request speaks: the seed's (no header) or today's (either of today's
 * versions, the same shapes). `billing serve` reads it at its edge (src/server/versions.ts).
 */
export type Generation = 'seed' | 'today';

export function generationOf(version: ApiVersion | undefined): Generation {
  return version === undefined ? 'seed' : 'today';
}

/** The header that carries it, as the real service names it. */
export const VERSION_HEADER = 'Polar-Version';

export function isApiVersionSetting(value: unknown): value is ApiVersionSetting {
  return (API_VERSION_SETTINGS as readonly unknown[]).includes(value);
}
