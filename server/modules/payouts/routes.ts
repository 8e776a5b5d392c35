import { payoutsCalls } from '../../../src/contract/calls/payouts';
import { PAYOUT_LISTS } from '../../../src/contract/lists/payouts';
import { DEPOSIT_UPLOAD_MAX_BYTES } from '../../../src/contract/payouts';
import { RECON_GROUP_BRANDS, RECON_GROUPS } from '../../../src/contract/reconciliation';
import type { Api, CallContext } from '../../platform/api';
import { noAccess } from '../../platform/caller';
import { periodExport } from '../../platform/listExport';
import { actorOf, recordAudit } from '../../platform/audit';
import { scopeOf } from '../../platform/scope';
import type { ExportFormat } from '../../../src/contract/exports';
import type { PayoutExportQuery, DepositExportQuery } from '../../../src/contract/payouts';
import { importDeposits } from './deposits';
import { depositExportRows, depositPage, payoutExportRows, payoutOfSettlement, payoutPage } from './queries';
import { fetchDueStatements, refreshPayouts } from './service';
import { can } from '../../../src/contract/capabilities';

type PayoutList = (typeof PAYOUT_LISTS)[keyof typeof PAYOUT_LISTS];

const payoutExport = (c: CallContext<PayoutExportQuery, string>, list: PayoutList, format: ExportFormat) =>
  periodExport(c, format, payoutExportRows(list, c.deps.config.timeZone));

const depositExport = (c: CallContext<DepositExportQuery, string>, format: ExportFormat) =>
  periodExport(c, format, depositExportRows());

/** The payout calls (docs/api.md, "Payouts"). */
export function payoutRoutes(api: Api) {
  for (const group of RECON_GROUPS) {
    const calls = payoutsCalls[group];
    const list = PAYOUT_LISTS[group];
    api.call(calls.page, async (c) => ({
      result: await payoutPage(c.deps.db, scopeOf(c.principal), c.t, c.deps.config.timeZone, list, c.input),
    }));
    api.call(calls.exportExcel, async (c) => ({ file: await payoutExport(c, list, 'xlsx') }));
    api.call(calls.exportCsv, async (c) => ({ file: await payoutExport(c, list, 'csv') }));
    api.call(calls.fetch, async (c) => {
      if (!can(c.principal, 'fetchPayouts')) throw noAccess();
      const { db } = c.deps;
      const actor = actorOf(c.principal, c.req);
      await db.transaction((tx) => refreshPayouts(tx, (e) => recordAudit(tx, actor, e)));
      const reply = await fetchDueStatements(db, {
        brands: RECON_GROUP_BRANDS[group],
        connectorOf: (brand) => c.deps.connectors.get(brand),
        now: new Date(),
        audit: (tx) => (e) => recordAudit(tx, actor, e),
        onRefused: (brand, periodEnd, reason) =>
          c.req.log.warn({ brand, periodEnd, reason }, 'payment statement not taken'),
      });
      return { result: reply };
    });
  }
  const all = payoutsCalls.all;
  api.call(all.page, async (c) => ({
    result: await payoutPage(
      c.deps.db,
      scopeOf(c.principal),
      c.t,
      c.deps.config.timeZone,
      PAYOUT_LISTS.all,
      c.input,
    ),
  }));
  api.call(all.exportExcel, async (c) => ({ file: await payoutExport(c, PAYOUT_LISTS.all, 'xlsx') }));
  api.call(all.exportCsv, async (c) => ({ file: await payoutExport(c, PAYOUT_LISTS.all, 'csv') }));
  api.call(all.ofSettlement, async (c) => ({
    result: await payoutOfSettlement(c.deps.db, scopeOf(c.principal), c.deps.config.timeZone, c.input.id),
  }));
  const deposits = payoutsCalls.deposits;
  api.call(deposits.page, async (c) => ({
    result: await depositPage(c.deps.db, scopeOf(c.principal), c.t, c.input),
  }));
  api.call(deposits.exportExcel, async (c) => ({ file: await depositExport(c, 'xlsx') }));
  api.call(deposits.exportCsv, async (c) => ({ file: await depositExport(c, 'csv') }));
  api.call(deposits.upload, { uploadMaxBytes: DEPOSIT_UPLOAD_MAX_BYTES }, async (c) => ({
    result: await importDeposits(c, c.input.file, c.req.uploadFileName ?? ''),
  }));
}
