import { defineArea } from './define';

/**
 * Reconciliation against the brands' statements (docs/reconciliation.md): audit result codes
 * and statuses, runs. The screens of issue #16 add their strings here.
 */
export default defineArea({
  ja: {
    reconciliation: {
      codes: {
        1: '成功',
        100: 'ステータス不一致',
        200: 'ゲートウェイ履歴なし',
        300: 'ブランド履歴なし',
        400: 'ブランド履歴形式エラー',
        500: '手数料エラー',
        600: '金額不一致',
      },
      held: '保留中（明細待ち）',
      auditStatuses: { 0: '未照合', 1: '照合済み', 2: '照合エラー' },
      runStatuses: { matched: '照合済み', refused: 'ファイル拒否' },
      sources: { fetched: 'ブランドから取得', uploaded: 'アップロード' },
    },
  },
  'zh-cn': {
    reconciliation: {
      codes: {
        1: '成功',
        100: '状态错误',
        200: '网关记录缺失',
        300: '品牌记录缺失',
        400: '品牌记录格式错误',
        500: '手续费错误',
        600: '金额不一致',
      },
      held: '挂起（等待对账单）',
      auditStatuses: { 0: '未对账', 1: '已对账', 2: '对账异常' },
      runStatuses: { matched: '已对账', refused: '文件被拒' },
      sources: { fetched: '从品牌获取', uploaded: '上传' },
    },
  },
  en: {
    reconciliation: {
      codes: {
        1: 'Success',
        100: 'Status error',
        200: 'Gateway history missing',
        300: 'Brand history missing',
        400: 'Brand history format error',
        500: 'Fee error',
        600: 'Amount differs',
      },
      held: 'Held (waiting for the statement)',
      auditStatuses: { 0: 'Not audited', 1: 'Audited', 2: 'Exception' },
      runStatuses: { matched: 'Matched', refused: 'File refused' },
      sources: { fetched: 'Fetched from the brand', uploaded: 'Uploaded' },
    },
  },
});
