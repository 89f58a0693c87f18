// Request shapes the CLI sends and the local service takes, declared once so the two cannot
// drift apart. No imports.

/** An address as request bodies carry it (spec §2.1): only the country is required. */
export interface Address {
  line1?: string | null;
  line2?: string | null;
  postal_code?: string | null;
  city?: string | null;
  state?: string | null;
  country: string;
}

/** Metadata values allowed by spec §8: strings, integers, booleans. */
export type Metadata = Record<string, string | number | boolean>;
