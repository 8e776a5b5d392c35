import banks from 'zengin-code';
import { toZenginKana } from '../../../../src/contract/zenginKana';

/**
 * Bank and branch names as a Zengin file writes them, from the `zengin-code` list (full-width
 * kana there: ミツビシユ－エフジエイ → ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ). A code the list does not hold is unknown
 * to the banks too: the transfer would come back.
 */

const halfWidth = (kana: string): string | null => {
  const name = toZenginKana(kana);
  return name.ok ? name.text : null;
};

const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** The bank's name in half-width kana, or null when the 4-digit code is no bank's. */
export function bankKana(bankCode: string): string | null {
  if (!/^\d{4}$/.test(bankCode)) return null;
  const bank = own(banks, bankCode);
  return bank ? halfWidth(bank.kana) : null;
}

/** The branch's name in half-width kana, or null when the bank has no such 3-digit branch. */
export function branchKana(bankCode: string, branchCode: string): string | null {
  if (!/^\d{4}$/.test(bankCode) || !/^\d{3}$/.test(branchCode)) return null;
  const bank = own(banks, bankCode);
  const branch = bank && own(bank.branches, branchCode);
  return branch ? halfWidth(branch.kana) : null;
}
