import { eq, sql } from 'drizzle-orm';
import { DEPOSIT_UPLOAD_MAX_BYTES, type DepositImportReply } from '../../../src/contract/payouts';
import type { MessageKey, Translate } from '../../../src/i18n';
import type { Tx } from '../../db/client';
import { bankDepositImports, bankDeposits } from '../../db/schema';
import type { Audit } from '../../platform/audit';
import { write, type Caller } from '../../platform/caller';
import { fieldError } from '../../platform/lists';
import { contentHash } from '../../formats';
import { BANK_CSV_MAX_LINES, parseBankCsv, type BankCsvParse } from './bankCsv';
import { matchDeposits, refreshPayouts } from './service';

/**
 * A file of the platform's bank deposits imported (docs/reconciliation.md, "Bank deposits"): the
 * file's guards, then in one transaction its deposits added (a deposit already known from an
 * overlapping file is not added twice), the payouts refreshed and matched, one audit row. The
 * same file twice changes nothing (its content hash). A file that does not parse is refused
 * whole, at its line, with the reason, in the caller's language.
 */

const fileError = (t: Translate, key: MessageKey, values: Record<string, unknown> = {}) =>
  fieldError(t, 'file', key, values);

function refusalError(t: Translate, parsed: Exclude<BankCsvParse, { ok: true }>) {
  switch (parsed.refusal) {
    case 'encoding':
    case 'empty':
    case 'noDeposits':
      return fileError(t, `server.payouts.${parsed.refusal}`);
    case 'tooMany':
      return fileError(t, 'server.payouts.tooMany', { max: BANK_CSV_MAX_LINES });
    case 'header':
      return fileError(t, 'server.payouts.header', {
        column: parsed.column === 'date' ? '日付 / date' : '入金額 / amount',
      });
    case 'line':
      return fileError(t, 'server.payouts.atLine', {
        line: parsed.line,
        reason: t(`server.payouts.reasons.${parsed.reason}`),
      });
  }
}

/** The reply to a file imported before: nothing changed. */
const duplicateOf = (known: typeof bankDepositImports.$inferSelect): DepositImportReply => ({
  fileName: known.fileName,
  rows: known.rowCount,
  added: 0,
  skipped: known.skippedCount,
  duplicate: true,
  matched: 0,
});

/** The nth time each deposit's facts appear in the file (1, 2, …): identical transfers stay apart. */
function withSeq<
  T extends { valueDate: string; amount: number; currency: string; payerName: string; reference: string },
>(rows: readonly T[]): (T & { seq: number })[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const key = JSON.stringify([r.valueDate, r.amount, r.currency, r.payerName, r.reference]);
    const seq = (seen.get(key) ?? 0) + 1;
    seen.set(key, seq);
    return { ...r, seq };
  });
}

export interface DepositFile {
  fileName: string;
  bytes: Buffer;
  by: { id: number | null; name: string };
}

/**
 * A parsed file's deposits stored, the payouts refreshed and matched, one audit row, in the
 * caller's transaction; the same file again (its content hash) changes nothing.
 */
export async function storeDeposits(
  tx: Tx,
  audit: Audit,
  file: DepositFile,
  parsed: Extract<BankCsvParse, { ok: true }>,
  now: Date,
): Promise<DepositImportReply> {
  const hash = contentHash(file.bytes);
  const name = file.fileName.slice(0, 255);
  // Two uploads of one new file at once: the second waits here and then finds the first's row.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('bank_deposit_imports'))`);
  const [known] = await tx.select().from(bankDepositImports).where(eq(bankDepositImports.contentHash, hash));
  if (known) return duplicateOf(known);
  const [made] = await tx
    .insert(bankDepositImports)
    .values({
      fileName: name,
      contentHash: hash,
      rowCount: parsed.deposits.length,
      addedCount: 0,
      skippedCount: parsed.skipped,
      importedBy: file.by.id,
      importedByName: file.by.name.slice(0, 64),
      importedAt: now,
    })
    .returning({ id: bankDepositImports.id });
  let added = 0;
  const rows = withSeq(parsed.deposits);
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000).map((d) => ({ ...d, importId: made.id }));
    const inserted = await tx
      .insert(bankDeposits)
      .values(batch)
      .onConflictDoNothing()
      .returning({ id: bankDeposits.id });
    added += inserted.length;
  }
  await tx.update(bankDepositImports).set({ addedCount: added }).where(eq(bankDepositImports.id, made.id));
  await refreshPayouts(tx, audit);
  const matched = await matchDeposits(tx, now, audit);
  const reply = {
    fileName: name,
    rows: parsed.deposits.length,
    added,
    skipped: parsed.skipped,
    duplicate: false,
    matched,
  };
  await audit({
    objectType: 'bankDepositImport',
    objectId: made.id,
    action: 'create',
    before: null,
    after: reply,
  });
  return reply;
}

/** An upload (role 0 by its route): the file's guards, its parse, then storeDeposits. */
export async function importDeposits(
  c: Caller,
  file: unknown,
  fileName: string,
): Promise<DepositImportReply> {
  const { t } = c;
  if (!Buffer.isBuffer(file)) throw fileError(t, 'server.payouts.binary');
  if (file.length === 0) throw fileError(t, 'server.payouts.empty');
  if (file.length > DEPOSIT_UPLOAD_MAX_BYTES)
    throw fileError(t, 'server.payouts.tooLarge', { max: `${DEPOSIT_UPLOAD_MAX_BYTES / 1024 / 1024} MB` });
  if (file.includes(0)) throw fileError(t, 'server.payouts.binary');
  const hash = contentHash(file);
  const parsed = parseBankCsv(file);
  return write(c, 'bankDepositImport', undefined, async (tx, audit) => {
    if (!parsed.ok) {
      // A file imported before is no error, even one that would not parse today.
      const [known] = await tx
        .select()
        .from(bankDepositImports)
        .where(eq(bankDepositImports.contentHash, hash));
      if (!known) throw refusalError(t, parsed);
      return duplicateOf(known);
    }
    const by = { id: c.principal.operatorId, name: c.principal.userName || c.principal.loginId };
    return storeDeposits(tx, audit, { fileName, bytes: file, by }, parsed, new Date());
  });
}
