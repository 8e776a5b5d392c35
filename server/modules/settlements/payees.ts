import type { PayeeBank, PayingBank, SettlementRow, Unpayable } from '../../../src/contract/settlements';
import { checkPayeeForSwift } from './files/swift';
import { checkPayeeForZengin } from './files/zengin';

/**
 * Why a settlement cannot be paid now (docs/settlement.md, "Payout"): already remitted or in a
 * batch, nothing to transfer, the payee's bank details as snapshotted (incomplete, or what the
 * bank file of its currency cannot carry), or no paying account for the currency. The checkout's
 * choosing step shows these; the checkout refuses a selection with any.
 */
export function unpayableOf(
  s: Pick<SettlementRow, 'status' | 'batchId' | 'transferAmount' | 'currency' | 'settlementNo'>,
  payee: PayeeBank,
  paying: PayingBank | undefined,
): Unpayable[] {
  if (s.status === 2) return [{ reason: 'remitted' }];
  if (s.batchId != null) return [{ reason: 'inBatch' }];
  const out: Unpayable[] = [];
  if (s.transferAmount <= 0) out.push({ reason: 'zeroAmount' });
  if (!paying || (s.currency === 'JPY' && !/^\d{10}$/.test(paying.requesterCode)))
    out.push({ reason: 'noPayingAccount' });
  out.push(...bankReasons(s.currency, payee, s.settlementNo));
  return out;
}

function bankReasons(currency: string, payee: PayeeBank, reference: string): Unpayable[] {
  const reasons = new Map<string, Unpayable>();
  const add = (u: Unpayable) => reasons.set(u.reason, u);
  if (currency === 'JPY') {
    for (const p of checkPayeeForZengin(payee, reference)) {
      if (p.reason === 'missing') add({ reason: 'bankIncomplete' });
      else if (p.reason === 'unwritable') add({ reason: 'nameUnwritable', chars: p.chars ?? [] });
      else if (p.reason === 'unknownBank') add({ reason: 'unknownBank' });
      else if (p.reason === 'unknownBranch') add({ reason: 'unknownBranch' });
      else if (p.field === 'accountNumber') add({ reason: 'accountNumber' });
      else add({ reason: 'bankIncomplete' });
    }
  } else {
    for (const p of checkPayeeForSwift(swiftPayee(payee), reference)) {
      if (p.reason === 'missing') add({ reason: 'bankIncomplete' });
      else if (p.field === 'payeeName') add({ reason: 'nameUnwritable', chars: p.chars ?? [] });
      else if (p.field === 'iban') add({ reason: 'iban' });
      else if (p.field === 'swift') add({ reason: 'swift' });
      else if (p.field === 'accountNumber') add({ reason: 'accountNumber' });
      else add({ reason: 'bankIncomplete' });
    }
  }
  return [...reasons.values()];
}

/** A SWIFT transfer's beneficiary is the party's Latin name (the holder is kana for Zengin files). */
export const swiftPayee = (payee: PayeeBank): PayeeBank => ({
  ...payee,
  holder: payee.nameEn || payee.holder,
});
