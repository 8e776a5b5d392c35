import { defineArea } from './define';

/**
 * The brands' transactions as their statements list them (/history/walletTrade,
 * /history/paypayTrade): the list, its filters and its exports. Result codes are the order's
 * (orders.auditResults).
 */
export default defineArea({
  ja: {
    brandTransactions: {
      time: 'ブランド取引日時',
      kind: '区分',
      kinds: { payment: '決済', refund: '返金' },
      brandNo: 'ブランドの取引番号',
      orderNo: '注文番号・返金番号',
      fee: 'ブランド手数料',
      statusRaw: 'ブランドのステータス',
      notOurs: '該当する取引なし',
      resolved: '解決済み',
      line: '{{line}}行目',
    },
    server: {
      exports: {
        walletTransactionsFile: '中国系ウォレット取引明細',
        paypayTransactionsFile: 'PayPay取引明細',
        brandTransactionsSheet: 'ブランド取引明細',
        columns: {
          businessDay: '営業日',
          line: '行',
          kind: '区分',
          time: 'ブランド取引日時',
          statusRaw: 'ブランドのステータス',
          brandFee: 'ブランド手数料',
          auditResult: '照合結果',
        },
      },
    },
  },
  'zh-cn': {
    brandTransactions: {
      time: '渠道交易时间',
      kind: '类型',
      kinds: { payment: '支付', refund: '退款' },
      brandNo: '渠道交易号',
      orderNo: '订单号或退款号',
      fee: '渠道手续费',
      statusRaw: '渠道状态',
      notOurs: '无对应交易',
      resolved: '已处理',
      line: '第{{line}}行',
    },
    server: {
      exports: {
        walletTransactionsFile: '中国钱包渠道交易明细',
        paypayTransactionsFile: 'PayPay渠道交易明细',
        brandTransactionsSheet: '渠道交易明细',
        columns: {
          businessDay: '营业日',
          line: '行',
          kind: '类型',
          time: '渠道交易时间',
          statusRaw: '渠道状态',
          brandFee: '渠道手续费',
          auditResult: '对账结果',
        },
      },
    },
  },
  en: {
    brandTransactions: {
      time: 'Brand time',
      kind: 'Type',
      kinds: { payment: 'Payment', refund: 'Refund' },
      brandNo: 'Brand transaction number',
      orderNo: 'Order or refund number',
      fee: 'Brand fee',
      statusRaw: 'Brand status',
      notOurs: 'No matching transaction',
      resolved: 'Resolved',
      line: 'line {{line}}',
    },
    server: {
      exports: {
        walletTransactionsFile: 'Chinese wallet brand transactions',
        paypayTransactionsFile: 'PayPay brand transactions',
        brandTransactionsSheet: 'Brand transactions',
        columns: {
          businessDay: 'Business day',
          line: 'Line',
          kind: 'Type',
          time: 'Brand time',
          statusRaw: 'Brand status',
          brandFee: 'Brand fee',
          auditResult: 'Audit result',
        },
      },
    },
  },
});
