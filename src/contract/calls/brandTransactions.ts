import type { AnyObjectSchema } from 'yup';
import { call, reply } from '../call';
import { BRAND_TRANSACTION_QUERIES as Q, type BrandTransactionRow } from '../brandTransactions';
import type { Page } from '../envelope';
import { BRAND_TRANSACTION_LISTS as L } from '../lists/brandTransactions';

/** A group's brand transactions: the page and both exports (docs/api.md, "Reconciliation"). */
const groupCalls = <
  const List extends { path: string; route: string; exports: { paths: { excel: string; csv: string } } },
  P extends AnyObjectSchema,
  E extends AnyObjectSchema,
>(
  list: List,
  page: P,
  exported: E,
) => ({
  page: call(list.path, { access: list.route, input: page, reply: reply<Page<BrandTransactionRow>>() }),
  exportExcel: call(list.exports.paths.excel, { access: list.route, input: exported, kind: 'file' }),
  exportCsv: call(list.exports.paths.csv, { access: list.route, input: exported, kind: 'file' }),
});

export const brandTransactionsCalls = {
  wallet: groupCalls(L.wallet, Q.wallet.page, Q.wallet.export),
  paypay: groupCalls(L.paypay, Q.paypay.page, Q.paypay.export),
} as const;
