import { asc, eq, sql } from 'drizzle-orm';
import { ResultType } from '../../../src/contract/envelope';
import {
  type DepositType,
  type InvoiceIssuer,
  type PayingBank,
  type SettlementSettings,
  type SettlementSettingsSave,
} from '../../../src/contract/settlements';
import type { Executor, Tx } from '../../db/client';
import { invoiceIssuer, payoutAccounts, transferFees } from '../../db/schema';
import { actorOf, recordDenied } from '../../platform/audit';
import { noAccess, write, type Caller } from '../../platform/caller';
import { fieldError } from '../../platform/lists';
import { bankKana, branchKana } from './files/zenginBanks';
import { can } from '../../../src/contract/capabilities';

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

/** All three, currencies in alphabetical order (the settings screen, the save's audit row). */
async function settingsOf(db: Executor): Promise<SettlementSettings> {
  const fees = await db
    .select({ currency: transferFees.currency, amount: transferFees.amount })
    .from(transferFees)
    .orderBy(asc(transferFees.currency));
  const accounts = await db.select().from(payoutAccounts).orderBy(asc(payoutAccounts.currency));
  return { transferFees: fees, payingAccounts: accounts.map(payingBankOf), issuer: await issuerOf(db) };
}

/**
 * The system admin alone, whatever the permission screen granted (the route's grant is checked
 * first, by the platform); a refusal is recorded as denied, like the route's own.
 */
async function assertSettingsRole(c: Caller) {
  if (can(c.principal, 'settlementSettings')) return;
  await recordDenied(
    c.deps.db,
    actorOf(c.principal, c.req),
    'settlementSettings',
    'settlementSettings',
    ResultType.NO_ACCESS,
  );
  throw noAccess();
}

export async function settlementSettings(c: Caller): Promise<SettlementSettings> {
  await assertSettingsRole(c);
  return settingsOf(c.deps.db);
}

/**
 * What the schema cannot know: a yen account's bank and branch must be in the Zengin bank list
 * (the file names them from it; an unknown code makes every JPY payout fail). At the field.
 */
function checkZenginCodes(c: Caller, accounts: SettlementSettingsSave['payingAccounts']) {
  for (const [i, a] of accounts.entries()) {
    if (a.currency !== 'JPY') continue;
    if (bankKana(a.bankCode) === null)
      throw fieldError(c.t, `payingAccounts[${i}].bankCode`, 'server.settlements.unknownBank', {
        code: a.bankCode,
      });
    if (branchKana(a.bankCode, a.branchCode) === null)
      throw fieldError(c.t, `payingAccounts[${i}].branchCode`, 'server.settlements.unknownBranch', {
        code: a.branchCode,
      });
  }
}

/** The rows of the new settings (a foreign account keeps no branch or requester code). */
async function replaceAll(tx: Tx, input: SettlementSettingsSave, now: Date) {
  await tx.delete(transferFees);
  await tx.delete(payoutAccounts);
  await tx.delete(invoiceIssuer);
  if (input.transferFees.length > 0)
    await tx
      .insert(transferFees)
      .values(input.transferFees.map((f) => ({ currency: f.currency, amount: f.amount, updatedAt: now })));
  if (input.payingAccounts.length > 0)
    await tx.insert(payoutAccounts).values(
      input.payingAccounts.map((a) => {
        const jpy = a.currency === 'JPY';
        return {
          currency: a.currency,
          bankName: a.bankName,
          bankCode: a.bankCode,
          branchName: a.branchName,
          branchCode: jpy ? a.branchCode : '',
          depositType: a.depositType,
          accountNumber: a.accountNumber,
          holder: a.holder,
          requesterCode: jpy ? a.requesterCode : '',
          updatedAt: now,
        };
      }),
    );
  if (input.issuer) await tx.insert(invoiceIssuer).values({ id: 1, ...input.issuer, updatedAt: now });
}

/**
 * Replaces the fees, the paying accounts and the issuer in one transaction with one audit row
 * (before and after). Saves are serialised by a lock that readers (a closing run reading a fee,
 * a checkout reading an account) do not wait for.
 */
export async function saveSettlementSettings(
  c: Caller,
  input: SettlementSettingsSave,
): Promise<SettlementSettings> {
  await assertSettingsRole(c);
  checkZenginCodes(c, input.payingAccounts);
  return write(c, 'settlementSettings', 'settlementSettings', async (tx, audit) => {
    await tx.execute(
      sql`lock table ${transferFees}, ${payoutAccounts}, ${invoiceIssuer} in share row exclusive mode`,
    );
    const before = await settingsOf(tx);
    await replaceAll(tx, input, new Date());
    const after = await settingsOf(tx);
    await audit({
      objectType: 'settlementSettings',
      objectId: 'settlementSettings',
      action: 'update',
      before,
      after,
    });
    return after;
  });
}
