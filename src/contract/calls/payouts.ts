import type { AnyObjectSchema } from 'yup';
import { call, reply } from '../call';
import type { Page } from '../envelope';
import { DEPOSIT_LIST, PAYOUT_LISTS as L } from '../lists/payouts';
import {
  DEPOSIT_QUERIES,
  DepositUploadInput,
  PAYOUT_QUERIES as Q,
  PayoutFetchInput,
  PayoutOfSettlementInput,
  type BankDepositRow,
  type DepositImportReply,
  type PayoutFetchReply,
  type PayoutRow,
} from '../payouts';

/**
 * The payout calls (docs/api.md, "Payouts"): each payment statement page's list, exports and
 * Fetch now (PAYOUT_FETCH_ROLES); below the brand settlements (role 0 by its route) every
 * brand's payouts, one settlement's payout, the bank deposits and their upload. Paths are ours:
 * the spec names none.
 */
interface Listed {
  path: string;
  route: string;
  exports: { paths: { excel: string; csv: string } };
}

/** A list's page (rows of type Row) and both exports. */
const listCalls =
  <Row>() =>
  <const List extends Listed, P extends AnyObjectSchema, E extends AnyObjectSchema>(
    list: List,
    page: P,
    exported: E,
  ) => ({
    page: call(list.path, { access: list.route, input: page, reply: reply<Page<Row>>() }),
    exportExcel: call(list.exports.paths.excel, { access: list.route, input: exported, kind: 'file' }),
    exportCsv: call(list.exports.paths.csv, { access: list.route, input: exported, kind: 'file' }),
  });

const payoutList = listCalls<PayoutRow>();

/** The group's payment statements that are due and missing, fetched from the brands now. */
const fetchCall = <const R extends string>(route: R) =>
  call(`${route}/fetch`, {
    access: route,
    input: PayoutFetchInput,
    reply: reply<PayoutFetchReply>(),
    writes: true,
  });

export const payoutsCalls = {
  wallet: { ...payoutList(L.wallet, Q.wallet.page, Q.wallet.export), fetch: fetchCall(L.wallet.route) },
  paypay: { ...payoutList(L.paypay, Q.paypay.page, Q.paypay.export), fetch: fetchCall(L.paypay.route) },
  all: {
    ...payoutList(L.all, Q.all.page, Q.all.export),
    ofSettlement: call('/settle/brand/payouts/ofSettlement', {
      access: L.all.route,
      input: PayoutOfSettlementInput,
      reply: reply<PayoutRow | null>(),
    }),
  },
  deposits: {
    ...listCalls<BankDepositRow>()(DEPOSIT_LIST, DEPOSIT_QUERIES.page, DEPOSIT_QUERIES.export),
    upload: call('/settle/brand/deposits/upload', {
      access: DEPOSIT_LIST.route,
      input: DepositUploadInput,
      reply: reply<DepositImportReply>(),
      kind: 'upload',
      writes: true,
    }),
  },
} as const;
