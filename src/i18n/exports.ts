import { defineArea } from './define';

/** File exports: the export button and its progress tray (every list with an export). */
export default defineArea({
  ja: {
    exports: {
      excel: 'Excel出力',
      csv: 'CSV出力',
      tray: 'ファイル出力',
      job: '出力：{{name}}',
      progress: '受信状況',
      requesting: 'ファイルを準備しています…',
      percent: '{{percent}}%（{{received}}）',
      received: '{{received}} 受信',
      saved: '保存しました（{{size}}）',
      cancelled: '中止しました',
    },
  },
  'zh-cn': {
    exports: {
      excel: '导出Excel',
      csv: '导出CSV',
      tray: '文件导出',
      job: '导出：{{name}}',
      progress: '接收进度',
      requesting: '正在准备文件…',
      percent: '{{percent}}%（{{received}}）',
      received: '已接收 {{received}}',
      saved: '已保存（{{size}}）',
      cancelled: '已取消',
    },
  },
  en: {
    exports: {
      excel: 'Export Excel',
      csv: 'Export CSV',
      tray: 'File exports',
      job: 'Export: {{name}}',
      progress: 'Received',
      requesting: 'Preparing the file…',
      percent: '{{percent}}% ({{received}})',
      received: '{{received}} received',
      saved: 'Saved ({{size}})',
      cancelled: 'Cancelled',
    },
  },
});
