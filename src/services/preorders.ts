import { fromPromise } from 'xstate';
import { preordersCalls } from '../contract/calls/preorders';
import { PAID_STATUSES } from '../contract/orders';
import type {
  CreatedPreOrder,
  LinkDraft,
  LinkKind,
  PreOrderClose,
  PreOrderCreate,
  PreOrderUses,
} from '../contract/preorders';
import { businessDate } from './businessDay';
import { preOrderWatchMachine, type ReadUsesInput } from '../machines/preOrderWatch';
import { api } from './api';
import {
  closePayLink,
  createPayLink,
  pagePayLinks,
  uploadForm,
  withAbsoluteLink,
  type UploadTarget,
} from './links';

/** Pre-orders (payment requests): /history/preOrder/* (docs/api.md). */
export const pagePreOrders = async (query: Record<string, unknown>) => {
  const page = await api.call(preordersCalls.page, query);
  return { ...page, records: page.records.map(withAbsoluteLink) };
};

export const createPreOrder = async (input: PreOrderCreate) =>
  withAbsoluteLink(await api.call(preordersCalls.create, input, { silent: true }));

export const closePreOrder = (input: PreOrderClose) =>
  api.call(preordersCalls.close, input, { silent: true });

export const uploadPreOrders = (target: UploadTarget) =>
  api.upload(preordersCalls.upload, uploadForm(target), { silent: true });

/** A link made in a create dialog was created today or, past midnight, yesterday. */
const sinceYesterday = () => ({ beginTime: businessDate(1), endTime: businessDate(0) });

/** The row of a link made in the dialog, read again (null: not in the list). */
async function readLink(kind: LinkKind, gatewayPayNo: string): Promise<PreOrderUses | null> {
  const query = { ...sinceYesterday(), pageNum: 1, pageSize: 1 };
  if (kind === 'url') {
    const row = (await pagePayLinks({ ...query, orderNo: gatewayPayNo })).records[0];
    // A URL payment is used once it is paid.
    return row ? { usedTimes: PAID_STATUSES.includes(row.status) ? 1 : 0, record: { kind, row } } : null;
  }
  const row = (await pagePreOrders({ ...query, payNo: gatewayPayNo })).records[0];
  return row ? { usedTimes: row.usedTimes, record: { kind, row } } : null;
}

/**
 * The pre-order machine's services, for both kinds of link (`preOrderMachine.provide`): create
 * from the dialog's draft, close, and the watcher's read of the row.
 */
export const preOrderActors = {
  createPreOrder: fromPromise<CreatedPreOrder, LinkDraft>(async ({ input }) => {
    if (input.kind === 'url') {
      const row = await createPayLink(input.request);
      return {
        gatewayPayNo: row.gatewayOrderNo,
        clientPayNo: row.clientOrderNo,
        payLink: row.payLink,
        expireTime: row.expiresAt ?? '',
        useTimes: 1,
        record: { kind: 'url', row },
      };
    }
    const row = await createPreOrder(input.request);
    return { ...row, record: { kind: 'preOrder', row } };
  }),
  closePreOrder: fromPromise<void, { kind: LinkKind; gatewayPayNo: string }>(async ({ input }) => {
    if (input.kind === 'url') await closePayLink({ gatewayOrderNo: input.gatewayPayNo });
    else await closePreOrder({ gatewayPayNo: input.gatewayPayNo });
  }),
  watchPreOrder: preOrderWatchMachine.provide({
    actors: {
      readUses: fromPromise<PreOrderUses | null, ReadUsesInput>(({ input }) =>
        readLink(input.kind, input.gatewayPayNo),
      ),
    },
  }),
};
