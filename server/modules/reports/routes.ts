import { DateTime } from 'luxon';
import { reportsCalls } from '../../../src/contract/calls/reports';
import type { Api } from '../../platform/api';
import { writeTransaction } from '../../platform/audit';
import { auditExport } from '../../platform/listExport';
import { scopeOf } from '../../platform/scope';
import { dashboard } from './dashboard';
import { reportExport, reportPage, reportSeries } from './list';
import { deliveryDownload, subscribe, subscriptionsOf, unsubscribe } from './schedule';

export function reportRoutes(api: Api) {
  api.call(reportsCalls.dashboard, async (c) => ({
    result: await dashboard(c.deps.db, c.principal, c.deps.config.timeZone, c.input),
  }));
  api.call(reportsCalls.list, async (c) => ({
    result: await reportPage(c.deps.db, scopeOf(c.principal), c.t, c.input),
  }));
  api.call(reportsCalls.series, async (c) => ({
    result: await reportSeries(c.deps.db, scopeOf(c.principal), c.t, c.input),
  }));
  api.call(reportsCalls.exportExcel, async (c) => ({ file: await reportExport(c, 'xlsx') }));
  api.call(reportsCalls.exportCsv, async (c) => ({ file: await reportExport(c, 'csv') }));

  // Scheduled reports: each user's own subscriptions (operator-type roles too: it is their own
  // setting, and they may read the reports).
  api.call(reportsCalls.subscriptions, async (c) => ({
    result: await subscriptionsOf(c.deps.db, c.principal),
  }));
  api.call(reportsCalls.subscribe, async (c) => {
    const today = DateTime.now().setZone(c.deps.config.timeZone).toISODate()!;
    const id = await writeTransaction(
      { db: c.deps.db, principal: c.principal, req: c.req, objectType: 'reportSubscription', anyRole: true },
      (tx, audit) => subscribe(tx, c.principal, c.t, c.input, today, audit),
    );
    return { result: { id }, messageKey: 'server.reports.subscribed' };
  });
  api.call(reportsCalls.unsubscribe, async (c) => {
    await writeTransaction(
      {
        db: c.deps.db,
        principal: c.principal,
        req: c.req,
        objectType: 'reportSubscription',
        objectId: c.input.id,
        anyRole: true,
      },
      (tx, audit) => unsubscribe(tx, c.principal, c.input.id, audit),
    );
    return { result: null, messageKey: 'server.reports.unsubscribed' };
  });
  api.call(reportsCalls.delivery, async (c) => {
    const file = await deliveryDownload(c.deps.db, c.principal, c.input.id);
    await auditExport(c, 'reportDelivery', file.name.endsWith('.csv') ? 'csv' : 'xlsx');
    return { file };
  });
}
