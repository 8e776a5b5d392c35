import { defineArea } from './define';

/** Messages of the server's replies (resultMessage), in the caller's language. */
export default defineArea({
  ja: {
    server: {
      ok: '成功しました',
      saved: '保存しました',
      error: 'システムエラーが発生しました。お問い合わせの際は受付番号 {{requestId}} をお伝えください',
      notFound: '指定された機能またはデータが見つかりません',
      badRequest: 'リクエストの形式が正しくありません',
      bodyTooLarge: '送信データが大きすぎます',
      unauthenticated: 'セッションの有効期限が切れました。もう一度ログインしてください',
      noAccess: 'この操作を行う権限がありません',
      auth: {
        badCredentials: 'ユーザーIDまたはパスワードが正しくありません',
        badCaptcha: '認証コードが正しくありません。新しい認証コードを入力してください',
        locked: 'ログインに続けて失敗したため、アカウントは {{until}} までロックされています',
        disabled: 'このアカウントは利用停止中です。管理者にお問い合わせください',
        loggedOut: 'ログアウトしました',
      },
      account: {
        wrongOldPassword: '現在のパスワードが正しくありません',
        tooShort: '新しいパスワードは{{min}}文字以上で入力してください',
        letterAndDigit: '新しいパスワードには英字と数字をそれぞれ1文字以上含めてください',
        reused: '直近{{count}}回に使用したパスワードは使用できません',
        passwordChanged: 'ログインパスワードを変更しました',
        refundPasswordChanged: '返金パスワードを変更しました。もう一度ログインしてください',
      },
      org: {
        locked: 'ロックしました',
        unlocked: 'ロックを解除しました',
        deleted: '削除しました',
        passwordReset: 'パスワードを再発行しました。新しいパスワードはこの画面でのみ表示されます',
        regenerated: 'アクセストークンと決済シークレットを再発行しました。この画面でのみ表示されます',
      },
      access: {
        keepPermission: 'システム管理者から権限設定の画面を外すことはできません',
      },
    },
  },
  'zh-cn': {
    server: {
      ok: '操作成功',
      saved: '已保存',
      error: '系统发生错误。咨询时请提供受理编号 {{requestId}}',
      notFound: '未找到指定的功能或数据',
      badRequest: '请求格式不正确',
      bodyTooLarge: '提交的数据过大',
      unauthenticated: '会话已超时，请重新登录',
      noAccess: '没有执行此操作的权限',
      auth: {
        badCredentials: '用户ID或密码不正确',
        badCaptcha: '验证码不正确，请输入新的验证码',
        locked: '由于连续登录失败，账户已被锁定至 {{until}}',
        disabled: '该账户已停用，请联系管理员',
        loggedOut: '已退出登录',
      },
      account: {
        wrongOldPassword: '原密码不正确',
        tooShort: '新密码至少需要{{min}}个字符',
        letterAndDigit: '新密码必须同时包含字母和数字',
        reused: '不能使用最近{{count}}次使用过的密码',
        passwordChanged: '登录密码已修改',
        refundPasswordChanged: '退款密码已修改，请重新登录',
      },
      org: {
        locked: '已锁定',
        unlocked: '已解除锁定',
        deleted: '已删除',
        passwordReset: '密码已重置。新密码仅在此画面显示一次',
        regenerated: '访问令牌和支付密钥已重新生成，仅在此画面显示一次',
      },
      access: {
        keepPermission: '不能从系统管理员移除权限设置页面',
      },
    },
  },
  en: {
    server: {
      ok: 'Done',
      saved: 'Saved',
      error: 'A system error occurred. Please quote reference {{requestId}} when you contact us',
      notFound: 'The requested function or data was not found',
      badRequest: 'The request is malformed',
      bodyTooLarge: 'The request is too large',
      unauthenticated: 'Session timeout, please login again',
      noAccess: 'You do not have permission for this operation',
      auth: {
        badCredentials: 'The user ID or password is incorrect',
        badCaptcha: 'The verification code is incorrect; please enter the new one',
        locked: 'Too many failed logins: the account is locked until {{until}}',
        disabled: 'This account is suspended; please contact your administrator',
        loggedOut: 'Logged out',
      },
      account: {
        wrongOldPassword: 'The current password is wrong',
        tooShort: 'The new password must be at least {{min}} characters',
        letterAndDigit: 'The new password must contain at least one letter and one digit',
        reused: 'The new password must differ from your last {{count}} passwords',
        passwordChanged: 'Your login password was changed',
        refundPasswordChanged: 'Your refund password was changed; please log in again',
      },
      org: {
        locked: 'Locked',
        unlocked: 'Unlocked',
        deleted: 'Deleted',
        passwordReset: 'The password was reset. The new one is shown only on this screen',
        regenerated: 'A new access token and pay secret were issued. They are shown only on this screen',
      },
      access: {
        keepPermission: 'The permission screen cannot be removed from the system administrator',
      },
    },
  },
});
