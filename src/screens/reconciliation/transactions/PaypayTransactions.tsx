import { BrandTransactions } from './BrandTransactions';

/** /history/paypayTrade: PayPay's statement rows. */
export default function PaypayTransactions() {
  return <BrandTransactions group="paypay" />;
}
