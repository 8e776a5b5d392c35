import { payerCalls } from '../contract/calls/payer';
import type { WorkingLanguage } from '../contract/locale';
import type { PayerDecision, PayerRef } from '../contract/merchant';
import { api } from './api';

/**
 * The payer's page (/qrcode): public calls, no session token. Silent: the page shows its
 * own outcome (a link that does not exist is "missing or invalid", not a toast). The server
 * answers in the language the payer picked on the page, not the console's stored one.
 */
export const getPayerView = (ref: PayerRef, locale: WorkingLanguage) =>
  api.call(payerCalls.get, ref, { noToken: true, silent: true, locale });

export const decidePayment = (decision: PayerDecision, locale: WorkingLanguage) =>
  api.call(payerCalls.decide, decision, { noToken: true, silent: true, locale });
