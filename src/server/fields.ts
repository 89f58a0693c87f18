// Request values both API generations read the same way, as pydantic reads them in the real
// service: an email address (EmailStr), a country (CountryAlpha2), an address (AddressInput),
// an http(s) URL (HttpUrl). Each problem is worded as pydantic words it (validate.ts `problem`).
import * as z from 'zod';
import { problem } from './validate.js';

/**
 * Why email-validator (behind pydantic's EmailStr) refuses an address, for the common cases; the
 * real service also asks DNS whether the domain takes mail, which a local service cannot.
 */
function emailReason(value: string): string | undefined {
  const at = value.lastIndexOf('@');
  if (at < 0) return 'An email address must have an @-sign.';
  if (at === 0) return 'There must be something before the @-sign.';
  if (at === value.length - 1) return 'There must be something after the @-sign.';
  if (!value.slice(at + 1).includes('.'))
    return 'The part after the @-sign is not valid. It should have a period.';
  if (!z.email().safeParse(value).success) return 'The email address is not valid.';
  return undefined;
}

/** An email address as pydantic reads one: trimmed, the domain in lower case. */
export const emailAddress = z.string().transform((value, ctx) => {
  const trimmed = value.trim();
  const reason = emailReason(trimmed);
  if (reason) {
    ctx.issues.push(
      problem(value, 'value_error', `value is not a valid email address: ${reason}`, { reason }),
    );
    return z.NEVER;
  }
  const at = trimmed.lastIndexOf('@');
  return trimmed.slice(0, at + 1) + trimmed.slice(at + 1).toLowerCase();
});

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** An ISO 3166-1 alpha-2 code (pydantic_extra_types' CountryAlpha2). */
export const countryCode = z.string().check((ctx) => {
  if (!/^[A-Z]{2}$/.test(ctx.value) || !REGIONS.of(ctx.value))
    ctx.issues.push(problem(ctx.value, 'country_alpha2', 'Invalid country alpha2 code'));
});

/** An empty string is no value (the real service's EmptyStrToNone). */
export const optionalText = z
  .string()
  .nullish()
  .transform((v) => (v === '' ? null : v));

/** An address as a body sends it (AddressInput): the country is required. */
export const addressInput = z.object({
  line1: optionalText,
  line2: optionalText,
  postal_code: optionalText,
  city: optionalText,
  state: optionalText,
  country: countryCode,
});

const URL_MAX = 2083;

/** pydantic's HttpUrl: http or https with a host, at most 2083 characters, normalized. */
export const httpUrl = z.unknown().transform((value, ctx): string => readHttpUrl(value, ctx));

/** httpUrl's reading of one value, for schemas that take something more (a null, say). */
export function readHttpUrl(value: unknown, ctx: z.core.$RefinementCtx): string {
  if (typeof value !== 'string') {
    ctx.issues.push(problem(value, 'url_type', 'URL input should be a string or URL'));
    return z.NEVER;
  }
  let url: URL | undefined;
  try {
    url = new URL(value.trim());
  } catch {
    url = undefined;
  }
  if (!url?.host) {
    const error = 'relative URL without a base';
    ctx.issues.push(
      problem(value, 'url_parsing', `Input should be a valid URL, ${error}`, { error }),
    );
    return z.NEVER;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const expected = "'http' or 'https'";
    ctx.issues.push(
      problem(value, 'url_scheme', `URL scheme should be ${expected}`, {
        expected_schemes: expected,
      }),
    );
    return z.NEVER;
  }
  if (url.href.length > URL_MAX) {
    const msg = `URL should have at most ${URL_MAX} characters`;
    ctx.issues.push(problem(value, 'url_too_long', msg, { max_length: URL_MAX }));
    return z.NEVER;
  }
  return url.href;
}
