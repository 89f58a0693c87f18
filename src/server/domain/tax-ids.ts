// Today's tax IDs (tax/tax_id.py validate_tax_id at c6c3645e): a number sent as text is read in
// the format of its billing country and stored as [number, format]. The real service checks each
// number with python-stdnum (check digits included); the sandbox checks its form only: the
// country has a tax ID format, the number is letters and digits (after dropping spaces, dots,
// dashes and slashes), an EU VAT number starts with its country's prefix, a US EIN is 9 digits.
import { invalid } from './errors.js';

const EU = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK';

/** The first format COUNTRY_TAX_ID_MAP lists for each country (the sandbox takes that one). */
const FORMATS: Record<string, string> = {
  ...Object.fromEntries(EU.split(' ').map((c) => [c, 'eu_vat'])),
  AD: 'ad_nrt',
  AE: 'ae_trn',
  AR: 'ar_cuit',
  AU: 'au_abn',
  BH: 'bh_vat',
  BO: 'bo_tin',
  BR: 'br_cnpj',
  CA: 'ca_gst_hst',
  CH: 'ch_uid',
  CL: 'cl_tin',
  CN: 'cn_tin',
  CO: 'co_nit',
  CR: 'cr_tin',
  DO: 'do_rcn',
  EC: 'ec_ruc',
  EG: 'eg_tin',
  GB: 'gb_vat',
  GE: 'ge_vat',
  HK: 'hk_br',
  ID: 'id_npwp',
  IL: 'il_vat',
  IN: 'in_gst',
  IS: 'is_vat',
  JP: 'jp_cn',
  KE: 'ke_pin',
  KR: 'kr_brn',
  KZ: 'kz_bin',
  LI: 'li_uid',
  MK: 'mk_vat',
  MU: 'mu_tan',
  MX: 'mx_rfc',
  MY: 'my_frp',
  NG: 'ng_tin',
  NO: 'no_vat',
  NZ: 'nz_gst',
  OM: 'om_vat',
  PE: 'pe_ruc',
  PH: 'ph_tin',
  RS: 'rs_pib',
  RU: 'ru_inn',
  SA: 'sa_vat',
  SG: 'sg_gst',
  SV: 'sv_nit',
  TH: 'th_vat',
  TR: 'tr_tin',
  TW: 'tw_vat',
  UA: 'ua_vat',
  US: 'us_ein',
  UY: 'uy_ruc',
  VE: 've_rif',
  VN: 'vn_tin',
  ZA: 'za_vat',
};

/** The VAT prefix of an EU country (Greece's is EL). */
const vatPrefix = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * The tax ID `number` of a customer billed in `country`, as stored ([number, format]); a 422 on
 * `tax_id` ("Invalid tax ID.") when the country has no format or the number does not fit it.
 */
export function validateTaxId(number: string, country: string): [string, string] {
  const format = FORMATS[country];
  const compact = number.replace(/[\s.\-/]/g, '').toUpperCase();
  const fits =
    format !== undefined &&
    /^[0-9A-Z]{4,20}$/.test(compact) &&
    (format !== 'eu_vat' || compact.startsWith(vatPrefix(country))) &&
    (format !== 'us_ein' || /^\d{9}$/.test(compact));
  if (!fits) throw invalid(['tax_id'], 'Invalid tax ID.', number, 'invalid');
  return [compact, format];
}
