import { defineArea } from './define';

/** Roles and the menu permissions of each role. */
export default defineArea({
  ja: {
    fields: { routes: 'メニュー' },
    server: {
      access: {
        keepPermission: 'システム管理者から権限設定の画面を外すことはできません',
        notAvailable: '{{route}} の画面はまだ提供されていないため付与できません',
      },
    },
    permission: {
      intro: 'ロールを選び、そのロールに表示するメニューを設定します。',
      roles: 'ロール',
      role: 'ロール',
      routeCount: 'メニュー数',
      accountCount: 'アカウント数',
      updatedAt: '最終更新',
      notUpdated: '初期設定',
      menus: '{{role}} のメニュー',
      selectRole: '左の一覧からロールを選択してください。',
      alwaysAllowed: '全ロール共通',
      notForRole: 'このロールには付与できません',
      notAvailable: '未提供（準備中）',
      saved: '{{role}} の権限を保存しました',
      unsaved: '未保存の変更があります',
      revert: '変更を取り消す',
      checkAll: 'すべて選択',
      uncheckAll: 'すべて解除',
    },
  },
  'zh-cn': {
    fields: { routes: '菜单' },
    server: {
      access: {
        keepPermission: '不能从系统管理员移除权限设置页面',
        notAvailable: '{{route}} 页面尚未提供，不能授予',
      },
    },
    permission: {
      intro: '选择角色，设置该角色可见的菜单。',
      roles: '角色',
      role: '角色',
      routeCount: '菜单数',
      accountCount: '账户数',
      updatedAt: '最近更新',
      notUpdated: '初始设置',
      menus: '{{role}} 的菜单',
      selectRole: '请从左侧列表选择角色。',
      alwaysAllowed: '所有角色通用',
      notForRole: '不能授予该角色',
      notAvailable: '暂未提供',
      saved: '{{role}} 的权限已保存',
      unsaved: '有未保存的修改',
      revert: '撤销修改',
      checkAll: '全选',
      uncheckAll: '全部取消',
    },
  },
  en: {
    fields: { routes: 'Menu' },
    server: {
      access: {
        keepPermission: 'The permission screen cannot be removed from the system administrator',
        notAvailable: 'The {{route}} screen is not available yet and cannot be granted',
      },
    },
    permission: {
      intro: 'Choose a role, then the menus that role sees.',
      roles: 'Roles',
      role: 'Role',
      routeCount: 'Menus',
      accountCount: 'Accounts',
      updatedAt: 'Last updated',
      notUpdated: 'Default',
      menus: 'Menus of {{role}}',
      selectRole: 'Choose a role from the list.',
      alwaysAllowed: 'Every role',
      notForRole: 'Cannot be granted to this role',
      notAvailable: 'Not available yet',
      saved: 'Permissions of {{role}} saved',
      unsaved: 'You have unsaved changes',
      revert: 'Undo changes',
      checkAll: 'Select all',
      uncheckAll: 'Clear all',
    },
  },
});
