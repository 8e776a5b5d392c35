import type { PayerDecision, PayerView } from '../contract/merchant';
import { api } from './api';

/**
 * The payer's page (/qrcode): public calls, no session token. Silent: the page shows its
 * own outcome (a link that does not exist is "missing or invalid", not a toast).
 */
export const getPayerView = (orderNo: string) =>
  api.call<PayerView>('/pay/qrcode/get', { orderNo }, { noToken: true, silent: true });

export const decidePayment = (decision: PayerDecision) =>
  api.call<PayerView>('/pay/qrcode/decide', decision, { noToken: true, silent: true });
