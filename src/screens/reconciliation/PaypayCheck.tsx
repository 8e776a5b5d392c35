import { ReconCheck } from './ReconCheck';

/** /history/paypayCheck: PayPay's reconciliation by day. */
export default function PaypayCheck() {
  return <ReconCheck group="paypay" />;
}
