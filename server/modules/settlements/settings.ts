import { eq } from 'drizzle-orm';
import type { DepositType, InvoiceIssuer, PayingBank } from '../../../src/contract/settlements';
import type { Executor } from '../../db/client';
import { invoiceIssuer, payoutAccounts } from '../../db/schema';

/**
 * The settlement settings of the system admin: the platform's paying accounts per currency (and
 * the Zengin requester code), the transfer fee per currency, the qualified-invoice issuer.
 */

type AccountRow = typeof payoutAccounts.$inferSelect;

const payingBankOf = (r: AccountRow): PayingBank => ({
  currency: r.currency,
  bankName: r.bankName,
  bankCode: r.bankCode,
  branchName: r.branchName,
  branchCode: r.branchCode,
  depositType: r.depositType as DepositType,
  accountNumber: r.accountNumber,
  holder: r.holder,
  requesterCode: r.requesterCode,
});

/** The platform's paying accounts by currency. */
export async function payingBanks(db: Executor): Promise<Map<string, PayingBank>> {
  const rows = await db.select().from(payoutAccounts);
  return new Map(rows.map((r) => [r.currency, payingBankOf(r)]));
}

/** The paying account of one currency, if the platform has one. */
export async function payoutAccountOf(db: Executor, currency: string): Promise<PayingBank | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.currency, currency));
  return row ? payingBankOf(row) : undefined;
}

/** The qualified-invoice issuer the statements name (null until the system admin sets it up). */
export async function issuerOf(db: Executor): Promise<InvoiceIssuer | null> {
  const [row] = await db.select().from(invoiceIssuer).where(eq(invoiceIssuer.id, 1));
  return row
    ? { name: row.name, registrationNo: row.registrationNo, address: row.address, phone: row.phone }
    : null;
}
