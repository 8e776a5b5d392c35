import { DateTime } from 'luxon';
import { Readable } from 'node:stream';
import { merchantInvoiceLines } from '../../../src/contract/invoice';
import { catalogueOf, type Catalogue } from '../../../src/contract/locale';
import type { StatementData, StatementInput } from '../../../src/contract/settlements';
import type { CallContext } from '../../platform/api';
import { actorOf, recordAudit } from '../../platform/audit';
import { fail } from '../../platform/envelope';
import type { FileDownload } from '../../platform/exports';
import { scopeOf } from '../../platform/scope';
import { findSettlement } from './queries';
import { issuerOf } from './settings';
import { statementPdf } from './statementPdf';

/**
 * The statement a merchant receives for one settlement (exportPlatformCheckoutInfo): its figures
 * as closed, the platform as the invoice's issuer, in the language asked for (the caller's by
 * default). Its download is recorded like an export.
 */
export async function merchantStatement(c: CallContext<StatementInput, string>): Promise<FileDownload> {
  const s = await findSettlement(c.deps.db, scopeOf(c.principal), 'merchant', c.input.id);
  const issuer = await issuerOf(c.deps.db);
  if (!issuer) throw fail('server.settlements.noIssuer');
  const zone = c.deps.config.timeZone;
  const data: StatementData = {
    settlementNo: s.settlementNo,
    kind: 'merchant',
    payee: s.payee,
    issuer,
    periodBegin: s.periodBegin,
    periodEnd: s.periodEnd,
    dueDate: s.dueDate,
    issueDate: DateTime.now().setZone(zone).toISODate()!,
    currency: s.currency,
    carriedIn: s.carriedIn,
    orderCount: s.orderCount,
    orderTotal: s.orderTotal,
    refundCount: s.refundCount,
    refundTotal: s.refundTotal,
    commissionTotal: s.commissionTotal,
    transferCommission: s.transferCommission,
    transferAmount: s.transferAmount,
    carriedOut: s.carriedOut,
    status: s.status,
    payTime: s.payTime ? DateTime.fromISO(s.payTime, { zone }).toFormat('yyyy-MM-dd HH:mm:ss') : null,
    invoice: merchantInvoiceLines(s.commissionTotal, s.transferCommission),
  };
  const language: Catalogue = c.input.language || catalogueOf(c.lang);
  const pdf = await statementPdf(data, language);
  await recordAudit(c.deps.db, actorOf(c.principal, c.req), {
    objectType: 'settlement',
    objectId: s.id,
    action: 'export',
    after: { statement: s.settlementNo, language },
  });
  return {
    name: `${s.settlementNo}.pdf`,
    contentType: 'application/pdf',
    body: Readable.from([Buffer.from(pdf)]),
  };
}
