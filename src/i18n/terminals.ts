import { defineArea } from './define';

/** Payment terminals (devices) of the branches. */
export default defineArea({
  ja: {
    fields: { serial: 'シリアル番号', appType: 'アプリ種別' },
    org: {
      appType: { android: 'Android', ios: 'iOS', pos: 'POS 端末', windows: 'Windows' },
    },
    orgScreens: {
      device: { table: '端末一覧' },
    },
  },
  'zh-cn': {
    fields: { serial: '序列号', appType: '应用类型' },
    org: {
      appType: { android: 'Android', ios: 'iOS', pos: 'POS 终端', windows: 'Windows' },
    },
    orgScreens: {
      device: { table: '终端列表' },
    },
  },
  en: {
    fields: { serial: 'Serial number', appType: 'App type' },
    org: {
      appType: { android: 'Android', ios: 'iOS', pos: 'POS terminal', windows: 'Windows' },
    },
    orgScreens: {
      device: { table: 'Devices' },
    },
  },
});
