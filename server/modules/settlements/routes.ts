import { settlementsCalls } from '../../../src/contract/calls/settlements';
import type { SettlementDetail, SettlementKind } from '../../../src/contract/settlements';
import type { Api } from '../../platform/api';
import type { Caller } from '../../platform/caller';
import { scopeOf } from '../../platform/scope';
import {
  batchFile,
  batchPage,
  checkout,
  checkoutPreview,
  remitBatch,
  reverseBatch,
  summaryOf,
} from './checkout';
import { settlementLinesExport, settlementListExport } from './exports';
import { unpayableOf } from './payees';
import {
  findSettlement,
  partiesOf,
  settlementLines,
  settlementPage,
  settlementTotals,
  trailOf,
} from './queries';
import { payoutAccountOf, saveSettlementSettings, settlementSettings } from './settings';
import { merchantStatement } from './statement';

/** A settlement's page: the statement, the payee as snapshotted, why it cannot be paid, its batch and trail. */
async function detail(c: Caller, kind: SettlementKind, id: number): Promise<SettlementDetail> {
  const s = await findSettlement(c.deps.db, scopeOf(c.principal), kind, id);
  // Why it cannot be paid matters only while it is to be paid: in a batch or remitted, its state says it.
  const toPay = kind !== 'brand' && s.payoutState === 'notRemitted';
  return {
    ...s,
    unpayable: toPay ? unpayableOf(s, s.payee, await payoutAccountOf(c.deps.db, s.currency)) : [],
    batch: s.batchId ? await summaryOf(c.deps.db, s.batchId) : null,
    trail: await trailOf(c.deps.db, s.id),
  };
}

/** What every kind serves: the list and its exports, a settlement, its lines and their export, the parties. */
function readRoutes(api: Api, kind: SettlementKind) {
  const calls = settlementsCalls[kind];
  api.call(calls.page, async (c) => ({
    result: await settlementPage(c.deps.db, scopeOf(c.principal), c.t, kind, c.input),
  }));
  api.call(calls.totals, async (c) => ({
    result: await settlementTotals(c.deps.db, scopeOf(c.principal), kind, c.input),
  }));
  api.call(calls.exportExcel, async (c) => ({ file: await settlementListExport(c, kind, 'xlsx') }));
  api.call(calls.exportCsv, async (c) => ({ file: await settlementListExport(c, kind, 'csv') }));
  api.call(calls.get, async (c) => ({ result: await detail(c, kind, c.input.id) }));
  api.call(calls.lines, async (c) => {
    const s = await findSettlement(c.deps.db, scopeOf(c.principal), kind, c.input.id);
    return { result: await settlementLines(c.deps.db, c.t, s.id, c.input) };
  });
  api.call(calls.exportLines, async (c) => ({ file: await settlementLinesExport(c, kind) }));
  api.call(calls.parties, async (c) => ({ result: await partiesOf(c.deps.db, scopeOf(c.principal), kind) }));
}

/** Merchants and agencies are paid out: the checkout and its batches. */
function payoutRoutes(api: Api, kind: 'merchant' | 'agent') {
  const calls = settlementsCalls[kind];
  api.call(calls.checkoutPreview, async (c) => ({ result: await checkoutPreview(c, kind, c.input.ids) }));
  api.call(calls.checkout, async (c) => {
    const done = await checkout(c, kind, c.input);
    return { result: done, messageKey: 'server.saved' };
  });
  api.call(calls.batchPage, async (c) => ({ result: await batchPage(c, kind, c.input) }));
  api.call(calls.batchFile, async (c) => ({ file: await batchFile(c, kind, c.input) }));
  api.call(calls.batchRemit, async (c) => ({
    result: await remitBatch(c, kind, c.input.id),
    messageKey: 'payoutBatches.remitted',
  }));
  api.call(calls.batchReverse, async (c) => ({
    result: await reverseBatch(c, kind, c.input),
    messageKey: 'payoutBatches.reversedDone',
  }));
}

export function settlementRoutes(api: Api) {
  for (const kind of ['merchant', 'agent', 'brand'] as const) readRoutes(api, kind);
  api.call(settlementsCalls.merchant.statement, async (c) => ({ file: await merchantStatement(c) }));
  payoutRoutes(api, 'merchant');
  payoutRoutes(api, 'agent');
  api.call(settlementsCalls.settings.get, async (c) => ({ result: await settlementSettings(c) }));
  api.call(settlementsCalls.settings.save, async (c) => ({
    result: await saveSettlementSettings(c, c.input),
    messageKey: 'server.saved',
  }));
}
