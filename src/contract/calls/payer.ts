import { call, reply } from '../call';
import { PayerOrderRef, type PayerReply, PayerDecision } from '../merchant';

/** The payer calls (docs/api.md). */
export const payerCalls = {
  get: call('/pay/qrcode/get', {
    access: 'public',
    input: PayerOrderRef,
    reply: reply<PayerReply>(),
    writes: true,
  }),
  decide: call('/pay/qrcode/decide', {
    access: 'public',
    input: PayerDecision,
    reply: reply<PayerReply>(),
    writes: true,
  }),
} as const;
