import { fromPromise } from 'xstate';
import { settlementsCalls } from '../contract/calls/settlements';
import type {
  BatchRemitRequest,
  BatchReverseRequest,
  BatchSummary,
  PayoutKind,
} from '../contract/settlements';
import { api } from './api';

/**
 * The payout batches of merchants and agencies (docs/api.md, "Settlements"): the Payout batches
 * tab's page and the payoutBatch workflow's two calls. A batch's bank file: services/settlements
 * (`saveBatchFile`, shared with the checkout).
 */

/** The payout batches of a kind, newest first. */
export const pageBatches = (kind: PayoutKind, query: Record<string, unknown>) =>
  api.call(settlementsCalls[kind].batchPage, query);

/**
 * The bank confirmed the transfers: the batch's settlements become remitted (status 2). Silent:
 * the workflow shows a refusal in its confirmation.
 */
export const remitBatch = (input: BatchRemitRequest) =>
  api.call(settlementsCalls[input.kind].batchRemit, { id: input.id }, { silent: true });

/** The bank rejected the batch: its settlements go back to not remitted, with the reason (admins). Silent too. */
export const reverseBatch = (input: BatchReverseRequest) =>
  api.call(
    settlementsCalls[input.kind].batchReverse,
    { id: input.id, reason: input.reason },
    { silent: true },
  );

/** The payoutBatch workflow's calls (src/machines/payoutBatch.ts). */
export const payoutBatchActors = {
  remitBatch: fromPromise<BatchSummary, BatchRemitRequest>(({ input }) => remitBatch(input)),
  reverseBatch: fromPromise<BatchSummary, BatchReverseRequest>(({ input }) => reverseBatch(input)),
};
