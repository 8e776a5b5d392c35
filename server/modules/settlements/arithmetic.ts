import type { SettlementKind } from '../../../src/contract/settlements';

/**
 * The arithmetic of one settlement (docs/settlement.md, "The arithmetic of one settlement"), on
 * integer minor units only. Pure: the closing run and the property test both use it.
 */

/** A period's items summed: orders, refunds, and the charges net of what refunds returned. */
export interface Figures {
  orderCount: number;
  orderTotal: number;
  refundCount: number;
  refundTotal: number;
  /** Σ commission of the orders − Σ commission the refunds returned. */
  commission: number;
  rebate: number;
  fee: number;
}

export interface PayoutTerms {
  /** The previous settlement's carried out (0 for the first, always 0 for brands). */
  carriedIn: number;
  /** The bank fee of one payout in this currency. */
  transferFee: number;
  /** The smallest payout: the company's check-out limit or the agency's minimum amount. */
  minimum: number;
  /** Agencies: SHA deducts the fee from the payout, OUR leaves it to the platform. */
  feeBearer: '' | 'SHA' | 'OUR';
}

export interface SettlementLines {
  carriedIn: number;
  commissionTotal: number;
  rebateTotal: number;
  /** What the settlement adds up to before the payout. */
  balance: number;
  transferCommission: number;
  transferAmount: number;
  carriedOut: number;
}

export function settle(kind: SettlementKind, f: Figures, terms: PayoutTerms): SettlementLines {
  if (kind === 'brand') {
    // What the brand's agent owes the platform: the sales less refunds and its fee (no payout here).
    const net = f.orderTotal - f.refundTotal - f.fee;
    return {
      carriedIn: 0,
      commissionTotal: f.commission,
      rebateTotal: 0,
      balance: net,
      transferCommission: 0,
      transferAmount: net,
      carriedOut: 0,
    };
  }
  const balance =
    kind === 'merchant'
      ? terms.carriedIn + f.orderTotal - f.refundTotal - f.commission
      : terms.carriedIn + f.rebate;
  // SHA and merchants: the payee bears the fee; OUR: the platform does.
  const deducted = kind === 'agent' && terms.feeBearer === 'OUR' ? 0 : terms.transferFee;
  const payout = balance - deducted;
  const paid = payout >= Math.max(terms.minimum, 1);
  return {
    carriedIn: terms.carriedIn,
    commissionTotal: f.commission,
    rebateTotal: kind === 'agent' ? f.rebate : 0,
    balance,
    transferCommission: paid ? terms.transferFee : 0,
    transferAmount: paid ? payout : 0,
    carriedOut: paid ? 0 : balance,
  };
}
