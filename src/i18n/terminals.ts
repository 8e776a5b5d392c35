import { defineArea } from './define';

/** Payment terminals (devices) of the branches. */
export default defineArea({
  ja: {
    fields: { serial: 'シリアル番号', appType: 'アプリ種別' },
    terminals: {
      appType: { android: 'Android', ios: 'iOS', pos: 'POS 端末', windows: 'Windows' },
      table: '端末一覧',
    },
  },
  'zh-cn': {
    fields: { serial: '序列号', appType: '应用类型' },
    terminals: {
      appType: { android: 'Android', ios: 'iOS', pos: 'POS 终端', windows: 'Windows' },
      table: '终端列表',
    },
  },
  en: {
    fields: { serial: 'Serial number', appType: 'App type' },
    terminals: {
      appType: { android: 'Android', ios: 'iOS', pos: 'POS terminal', windows: 'Windows' },
      table: 'Devices',
    },
  },
});
