import { commissionOf } from './money';

/**
 * The three charges on an order (docs/settlement.md, "Money"), fixed when it is paid, and what a
 * refund returns of them. Rates in hundredths of a percent (null: none set, charge 0), amounts
 * in minor units, one rounding rule (`commissionOf`: half a minor unit and more rounds up).
 */
export interface ChargeRates {
  commission: number | null;
  rebate: number | null;
  fee: number | null;
}

export interface Charges {
  /** What the merchant pays the platform. */
  commission: number;
  /** The agency's share of the commission: never more than the commission. */
  rebate: number;
  /** What the brand charges the platform (the settlement's commission cost). */
  fee: number;
}

const charge = (amount: number, rate: number | null) => (rate == null ? 0 : commissionOf(amount, rate));

/** The charges on `amount` at the given rates. */
export function chargesOn(amount: number, rates: ChargeRates): Charges {
  const commission = charge(amount, rates.commission);
  return {
    commission,
    rebate: Math.min(charge(amount, rates.rebate), commission),
    fee: charge(amount, rates.fee),
  };
}

/**
 * What a refund returns: the charges on the part of the order not refunded before it, less the
 * charges on what is left after it. Summed over an order's refunds (in the order they
 * succeeded), returned + kept = the charges on the whole order, to the minor unit.
 */
export function refundReturns(notRefundedBefore: number, refundAmount: number, rates: ChargeRates): Charges {
  const before = chargesOn(notRefundedBefore, rates);
  const after = chargesOn(notRefundedBefore - refundAmount, rates);
  return {
    commission: before.commission - after.commission,
    rebate: before.rebate - after.rebate,
    fee: before.fee - after.fee,
  };
}
