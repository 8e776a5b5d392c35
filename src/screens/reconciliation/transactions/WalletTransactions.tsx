import { BrandTransactions } from './BrandTransactions';

/** /history/walletTrade: WeChat Pay's and Alipay+'s statement rows. */
export default function WalletTransactions() {
  return <BrandTransactions group="wallet" />;
}
