import { defineArea } from './define';

/**
 * Reconciliation against the brands' statements (docs/reconciliation.md): audit statuses and
 * runs. The audit result codes' labels are the order's (orders.auditResults), written once.
 * The screens of issue #16 add their strings here.
 */
export default defineArea({
  ja: {
    reconciliation: {
      held: '保留中（明細待ち）',
      auditStatuses: { 0: '未照合', 1: '照合済み', 2: '照合エラー' },
      runStatuses: { matched: '照合済み', refused: 'ファイル拒否' },
      sources: { fetched: 'ブランドから取得', uploaded: 'アップロード' },
    },
  },
  'zh-cn': {
    reconciliation: {
      held: '挂起（等待对账单）',
      auditStatuses: { 0: '未对账', 1: '已对账', 2: '对账异常' },
      runStatuses: { matched: '已对账', refused: '文件被拒' },
      sources: { fetched: '从品牌获取', uploaded: '上传' },
    },
  },
  en: {
    reconciliation: {
      held: 'Held (waiting for the statement)',
      auditStatuses: { 0: 'Not audited', 1: 'Audited', 2: 'Exception' },
      runStatuses: { matched: 'Matched', refused: 'File refused' },
      sources: { fetched: 'Fetched from the brand', uploaded: 'Uploaded' },
    },
  },
});
