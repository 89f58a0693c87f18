// License key and activation (spec §2.12) with and without their nested forms.
import * as z from 'zod';
import { customer, dateTime, id, int, jsonObject, licenseKeyUser, nullable } from './common.js';

export const licenseKey = z.looseObject({
  id,
  organization_id: nullable(id),
  user_id: nullable(id),
  customer_id: nullable(id),
  benefit_id: nullable(id),
  user: nullable(licenseKeyUser),
  customer: nullable(customer),
  key: nullable(z.string()),
  display_key: nullable(z.string()),
  status: nullable(z.string()),
  limit_activations: nullable(int),
  usage: nullable(int),
  limit_usage: nullable(int),
  validations: nullable(int),
  last_validated_at: nullable(dateTime),
  expires_at: nullable(dateTime),
});

export const activation = z.looseObject({
  id,
  license_key_id: nullable(id),
  label: nullable(z.string()),
  meta: nullable(jsonObject),
  created_at: dateTime,
  modified_at: nullable(dateTime),
});

/** The customer-portal get-by-id form. */
export const licenseKeyWithActivations = licenseKey.extend({
  activations: nullable(z.array(activation)),
});

/** The activate response. */
export const activationWithLicenseKey = activation.extend({ license_key: licenseKey });

/** The validate response (api-facts.md "companion endpoints"). */
export const validatedLicenseKey = licenseKey.extend({
  activation: nullable(activation).optional(),
});

export type LicenseKey = z.output<typeof licenseKey>;
export type Activation = z.output<typeof activation>;
export type LicenseKeyWithActivations = z.output<typeof licenseKeyWithActivations>;
export type ActivationWithLicenseKey = z.output<typeof activationWithLicenseKey>;
export type ValidatedLicenseKey = z.output<typeof validatedLicenseKey>;
