import { PayoutStatements } from './PayoutStatements';

/** /history/paypayBill: PayPay's payouts. */
export default function PaypayBill() {
  return <PayoutStatements group="paypay" />;
}
