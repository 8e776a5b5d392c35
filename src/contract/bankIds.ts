/**
 * IBAN (ISO 13616) and BIC (ISO 9362) as a paying bank checks them before it sends a transfer
 * abroad. Both are compared in their electronic form: upper case, no spaces. Pure checks, in the
 * contract: the bank details' schema (companies, agencies, comprehensive agents; console form and
 * server alike) and the SWIFT list of a payout batch (server/modules/settlements/files) use them.
 */

/**
 * IBAN length per country, from SWIFT's IBAN registry (territories that use another country's
 * IBAN, e.g. GF → FR, are not listed: their IBANs start with that country's code). A country not
 * listed is checked by shape and checksum only, so a country that joins the registry later is not
 * refused.
 */
// prettier-ignore
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Country, two check digits, then up to 30 letters and digits (the registry's shortest is 15). */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** Bank (4 letters), country (2 letters), location (2), optional branch (3). */
const BIC_SHAPE = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** The electronic form of a typed IBAN or BIC: "gb82 west …" → "GB82WEST…". */
export const electronic = (text: string) => text.replace(/\s+/g, '').toUpperCase();

/**
 * ISO 7064 MOD 97-10 over the IBAN with its first four characters moved to the end and every
 * letter as two digits (A = 10 … Z = 35): a valid IBAN leaves 1. Digit by digit, so no number
 * grows past 97 · 10.
 */
function mod97(iban: string): number {
  const rotated = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const c of rotated) {
    const value = parseInt(c, 36);
    rest = value < 10 ? (rest * 10 + value) % 97 : (rest * 100 + value) % 97;
  }
  return rest;
}

export type IbanCheck = 'ok' | 'invalid' | 'length' | 'checksum';

/** Whether an IBAN (electronic form) has the shape, its country's length and a valid checksum. */
export function checkIban(iban: string): IbanCheck {
  if (!IBAN_SHAPE.test(iban)) return 'invalid';
  const length = ibanLengthOf(iban);
  if (length !== undefined && iban.length !== length) return 'length';
  return mod97(iban) === 1 ? 'ok' : 'checksum';
}

/** The IBAN length of an IBAN's country in the registry (undefined: a country not listed). */
export const ibanLengthOf = (iban: string): number | undefined => IBAN_LENGTHS[iban.slice(0, 2)];

/** Whether a BIC (electronic form) has the 8- or 11-character shape. */
export const isBic = (bic: string) => BIC_SHAPE.test(bic);
