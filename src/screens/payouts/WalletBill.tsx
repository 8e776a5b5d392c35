import { PayoutStatements } from './PayoutStatements';

/** /history/walletBill: WeChat Pay's and Alipay+'s payouts. */
export default function WalletBill() {
  return <PayoutStatements group="wallet" />;
}
