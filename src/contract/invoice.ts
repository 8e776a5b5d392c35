/**
 * The qualified invoice (適格請求書) on a merchant's settlement statement (docs/settlement.md,
 * "The statement (qualified invoice)"): what the platform charges the merchant, tax-inclusive,
 * with the consumption tax worked out once per invoice and rate from the rate's total, never as a
 * sum of per-line or per-order roundings (the invoice rules allow one rounding per rate).
 */

/** The standard consumption-tax rate (標準税率) in percent; the platform's charges are services. */
export const STANDARD_TAX_RATE = 10;

/** What the platform charges a merchant on a statement: its commission and the bank fee passed on. */
export const INVOICE_ITEMS = ['commission', 'transferCommission'] as const;
export type InvoiceItem = (typeof INVOICE_ITEMS)[number];

export interface InvoiceLine {
  item: InvoiceItem;
  /** Tax-inclusive (税込), minor units; negative when refunds returned more than was charged. */
  amount: number;
  /** Consumption-tax rate in whole percent. */
  ratePercent: number;
}

/** One rate's part of an invoice: its tax-inclusive total and the tax in it. */
export interface RateTotal {
  ratePercent: number;
  total: number;
  tax: number;
}

const safe = (v: bigint, what: string): number => {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`${what} is beyond an exact integer: ${v}`);
  return Number(v);
};

/**
 * Totals and tax per rate, highest rate first. The tax in a tax-inclusive total `T` at `r` % is
 * ⌊|T| × r / (100 + r)⌋ with T's sign: rounded down, once per rate, toward zero so that a credit
 * mirrors the charge it returns. Sums run in bigint, so no amount up to MAX_SAFE_INTEGER loses
 * a unit on the way.
 */
export function invoiceTax(lines: readonly Pick<InvoiceLine, 'amount' | 'ratePercent'>[]): RateTotal[] {
  const totals = new Map<number, bigint>();
  for (const { amount, ratePercent } of lines) {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`not an integer amount: ${amount}`);
    if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100)
      throw new RangeError(`not a tax rate: ${ratePercent}`);
    totals.set(ratePercent, (totals.get(ratePercent) ?? 0n) + BigInt(amount));
  }
  return [...totals.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, total]) => {
      const r = BigInt(rate);
      const magnitude = ((total < 0n ? -total : total) * r) / (100n + r);
      return {
        ratePercent: rate,
        total: safe(total, 'invoice total'),
        tax: safe(total < 0n ? -magnitude : magnitude, 'invoice tax'),
      };
    });
}

/**
 * A merchant statement's invoice lines: the total commission and the transfer commission, both
 * services at the standard rate. Both are listed even when zero, so that the invoice names every
 * charge the statement's arithmetic deducts.
 */
export const merchantInvoiceLines = (commissionTotal: number, transferCommission: number): InvoiceLine[] => [
  { item: 'commission', amount: commissionTotal, ratePercent: STANDARD_TAX_RATE },
  { item: 'transferCommission', amount: transferCommission, ratePercent: STANDARD_TAX_RATE },
];

/* ---- The issuer's registration number (適格請求書発行事業者登録番号) ---- */

/** "T" and 13 digits: a corporation's is "T" and its corporate number (法人番号). */
export const REGISTRATION_NO = /^T\d{13}$/;

/**
 * The check digit of a corporate number (法人番号, its first digit) from the 12 digits after it:
 * 9 − (Σ of the digits weighted 1, 2, 1, 2, … from the right, mod 9). 010401123456 → 9.
 */
export function corporateCheckDigit(base: string): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    const weight = i % 2 === 0 ? 1 : 2;
    sum += Number(base[base.length - 1 - i]) * weight;
  }
  return 9 - (sum % 9);
}

/** The shape of a registration number ("T" and 13 digits), its check digit aside. */
export const registrationShapeOk = (no: string) => REGISTRATION_NO.test(no);

/** A registration number with the shape and a right check digit: T9010401123456 is one. */
export const isRegistrationNo = (no: string) =>
  registrationShapeOk(no) && Number(no[1]) === corporateCheckDigit(no.slice(2));
