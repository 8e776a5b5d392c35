import { fromPromise } from 'xstate';
import { settlementsCalls } from '../contract/calls/settlements';
import type {
  BatchFileInput,
  CheckoutDone,
  CheckoutPreview,
  PayoutKind,
  SettlementSettingsSave,
} from '../contract/settlements';
import type { CheckoutPreviewRequest, CheckoutRequest } from '../machines/settlementCheckout';
import { api } from './api';
import { hashPassword } from './auth';
import { saveFile } from './exports';
import { newRetryKey } from './keys';

/** Settlements (docs/api.md, "Settlements"): the merchant and agency payout calls. */

/**
 * The selection as the server sees it now. Silent: the checkout machine shows why it failed.
 */
export const checkoutPreview = (input: CheckoutPreviewRequest) =>
  api.call(settlementsCalls[input.kind].checkoutPreview, { ids: input.ids }, { silent: true });

/**
 * One payout batch. The refund password leaves the browser hashed like the login password (MD5,
 * uppercase); the batch key makes a retry the same batch. Silent: the machine shows a refusal.
 */
export const checkout = (input: CheckoutRequest) =>
  api.call(
    settlementsCalls[input.kind].checkout,
    {
      ids: input.ids,
      transferDate: input.transferDate,
      refundPassword: hashPassword(input.password),
      batchKey: input.batchKey,
    },
    { silent: true },
  );

/**
 * A batch's bank file of one currency (the checkout's `download` effect, the batch list). Not
 * silent: a refusal is shown as an error toast.
 */
export const downloadBatchFile = (kind: PayoutKind, input: BatchFileInput) =>
  api.download(settlementsCalls[kind].batchFile, input);

/**
 * The checkout's `download` effect carried out: the bank file fetched and handed to the browser
 * under the server's file name (a refusal is an error toast).
 */
export async function saveBatchFile(effect: { kind: PayoutKind; batchId: number; currency: string }) {
  const file = await downloadBatchFile(effect.kind, { id: effect.batchId, currency: effect.currency });
  saveFile(file.fileName, file.blob);
}

/** The batch key of one checkout dialog: every submit of that dialog is the same payout. */
export const newBatchKey = (): string => newRetryKey('B', 16);

/** The checkout machine's services (`settlementCheckoutMachine.provide({ actors })`). */
export const settlementCheckoutActors = {
  checkoutPreview: fromPromise<CheckoutPreview, CheckoutPreviewRequest>(({ input }) =>
    checkoutPreview(input),
  ),
  checkout: fromPromise<CheckoutDone, CheckoutRequest>(({ input }) => checkout(input)),
};

/** The settlement settings of the system admin. Silent: the screen shows a failed read itself. */
export const getSettlementSettings = () => api.call(settlementsCalls.settings.get, {}, { silent: true });

/** Saves them all at once. Silent: the form puts a refusal back at its fields. */
export const saveSettlementSettings = (input: SettlementSettingsSave) =>
  api.call(settlementsCalls.settings.save, input, { silent: true });
