import { defineArea } from './define';

/** Operators (console users) of every organisation. */
export default defineArea({
  ja: {
    fields: { loginId: 'ユーザーID', operatorType: 'ロール' },
    operators: {
      table: 'オペレーター一覧',
      newTitle: 'オペレーターの登録',
      editTitle: 'オペレーターの編集',
      organisation: '所属',
      wholeCompany: '加盟店全体（店舗指定なし）',
      loginIdHelp: '半角英数字と . _ @ - 。登録後は変更できません',
      passwords: 'パスワード再発行',
      confirmReset:
        '{{name}} のログインパスワードを再発行しますか？現在のログインパスワードは使えなくなります。',
      confirmResetRefund:
        '{{name}} の返金パスワードを再発行しますか？現在の返金パスワードは使えなくなります。ログインパスワードは変わりません。',
      mustChange: '次回の利用時にこのパスワードの変更が必要です。本人に安全な方法で伝えてください。',
      initialPassword: '{{loginId}} の初期パスワード',
      deleted: '{{count}}件を削除しました',
    },
  },
  'zh-cn': {
    fields: { loginId: '用户ID', operatorType: '角色' },
    operators: {
      table: '操作员列表',
      newTitle: '新建操作员',
      editTitle: '编辑操作员',
      organisation: '所属',
      wholeCompany: '整个商户（不指定门店）',
      loginIdHelp: '半角字母、数字和 . _ @ -，创建后不可修改',
      passwords: '重置密码',
      confirmReset: '确定为 {{name}} 重置登录密码吗？当前登录密码将立即失效。',
      confirmResetRefund: '确定为 {{name}} 重置退款密码吗？当前退款密码将立即失效，登录密码不变。',
      mustChange: '下次使用时必须修改此密码。请通过安全的方式告知本人。',
      initialPassword: '{{loginId}} 的初始密码',
      deleted: '已删除{{count}}条数据',
    },
  },
  en: {
    fields: { loginId: 'User ID', operatorType: 'Role' },
    operators: {
      table: 'Operators',
      newTitle: 'New operator',
      editTitle: 'Edit operator',
      organisation: 'Organisation',
      wholeCompany: 'Whole merchant (no branch)',
      loginIdHelp: 'Letters, digits and . _ @ -; cannot be changed later',
      passwords: 'Reset passwords',
      confirmReset: 'Reset the login password of {{name}}? The current one stops working at once.',
      confirmResetRefund:
        'Reset the refund password of {{name}}? The current refund password stops working at once; the login password stays as it is.',
      mustChange: 'It must be changed at the next use. Pass it on to its owner in a safe way.',
      initialPassword: 'First password of {{loginId}}',
      deleted: '{{count}} rows deleted',
    },
  },
});
