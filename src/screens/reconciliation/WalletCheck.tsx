import { ReconCheck } from './ReconCheck';

/** /history/walletCheck: the Chinese wallets' (WeChat Pay, Alipay+) reconciliation by day. */
export default function WalletCheck() {
  return <ReconCheck group="wallet" />;
}
