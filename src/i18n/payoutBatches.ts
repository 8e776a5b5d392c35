import { defineArea } from './define';

/**
 * The payout batches of merchants and agencies (the settlement lists' Payout batches tab,
 * src/screens/payoutBatches): the batch list, marking one remitted (with the warning before its
 * transfer date) and reversing one with its reason. The server's refusals stay with the
 * settlements module's (`server.settlements.…`).
 */
export default defineArea({
  ja: {
    fields: {
      reverseReason: '取消理由',
    },
    payoutBatches: {
      title: '送金バッチ',
      onlyOne: '送金バッチ #{{batch}} だけを表示しています',
      showAll: 'すべての送金バッチ',
      id: 'バッチ番号',
      status: '状態',
      statuses: { checkedOut: '送金待ち', remitted: '送金済み', reversed: '取消済み' },
      count: '精算件数',
      files: '振込ファイル',
      createdBy: '作成者',
      createdAt: '作成日時',
      markRemitted: '送金済みにする',
      confirmRemitted:
        'バッチ #{{id}} の{{count}}件を送金済みにしますか？銀行で振込が完了したことを確認してから実行してください。',
      reverse: 'バッチを取消',
      confirmReverse: 'バッチ #{{id}} を取り消しますか？{{count}}件の精算が未送金に戻ります。',
      remitted: '送金済みにしました',
      reversedDone: 'バッチを取り消しました',
      none: '送金バッチはまだありません',
      record: '{{count}}件・{{total}}',
      earlyWarning:
        'このバッチの振込指定日は {{date}} で、まだ来ていません。銀行での振込が本当に完了している場合だけ送金済みにしてください。',
      earlyAcknowledge: '銀行での振込完了を確認しました（振込指定日前）',
      conflict: 'このバッチは他の担当者が先に処理しました（現在：{{status}}）。一覧を更新しました。',
    },
  },
  'zh-cn': {
    fields: {
      reverseReason: '撤销原因',
    },
    payoutBatches: {
      title: '付款批次',
      onlyOne: '仅显示付款批次 #{{batch}}',
      showAll: '全部付款批次',
      id: '批次号',
      status: '状态',
      statuses: { checkedOut: '待付款', remitted: '已付款', reversed: '已撤销' },
      count: '结算笔数',
      files: '转账文件',
      createdBy: '创建人',
      createdAt: '创建时间',
      markRemitted: '标记为已付款',
      confirmRemitted: '将批次 #{{id}} 的{{count}}条结算标记为已付款吗？请先确认银行已完成转账。',
      reverse: '撤销批次',
      confirmReverse: '撤销批次 #{{id}} 吗？其中{{count}}条结算将恢复为未付款。',
      remitted: '已标记为已付款',
      reversedDone: '已撤销批次',
      none: '还没有付款批次',
      record: '{{count}}条・{{total}}',
      earlyWarning: '此批次的转账日为 {{date}}，尚未到达。仅当银行确实已完成转账时，才可标记为已付款。',
      earlyAcknowledge: '我已确认银行已完成转账（早于转账日）',
      conflict: '此批次已由其他操作员先行处理（当前：{{status}}）。列表已刷新。',
    },
  },
  en: {
    fields: {
      reverseReason: 'Reason',
    },
    payoutBatches: {
      title: 'Payout batches',
      onlyOne: 'Showing payout batch #{{batch}} only',
      showAll: 'All payout batches',
      id: 'Batch',
      status: 'Status',
      statuses: { checkedOut: 'Awaiting transfer', remitted: 'Remitted', reversed: 'Reversed' },
      count: 'Settlements',
      files: 'Bank files',
      createdBy: 'Created by',
      createdAt: 'Created at',
      markRemitted: 'Mark remitted',
      confirmRemitted:
        'Mark the {{count}} settlements of batch #{{id}} as remitted? Do it once the bank has confirmed the transfers.',
      reverse: 'Reverse batch',
      confirmReverse: 'Reverse batch #{{id}}? Its {{count}} settlements go back to not remitted.',
      remitted: 'Marked remitted',
      reversedDone: 'Batch reversed',
      none: 'No payout batches yet',
      record: '{{count}} for {{total}}',
      earlyWarning:
        'The transfer date of this batch is {{date}}, still ahead. Mark it remitted only if the bank has really transferred it.',
      earlyAcknowledge: 'I have checked that the bank has transferred it (before its transfer date)',
      conflict: 'Another operator acted on this batch first (now: {{status}}). The list has been refreshed.',
    },
  },
});
