import type { OperatorType } from '../../src/contract/roles';

/** Demo organisations: three providers, their agencies, and merchants with branches. */
export const DEMO_PROVIDERS = [
  {
    name: 'Sakura Payment Services',
    agencies: ['Kanto Merchant Solutions'],
    companies: [
      {
        name: '株式会社ひのき珈琲',
        agency: 'Kanto Merchant Solutions',
        branches: ['銀座店', '渋谷店', '横浜みなとみらい店'],
      },
      { name: '有限会社さくら薬局', agency: null, branches: ['新宿西口店', '池袋東口店'] },
      {
        name: '株式会社富士山ホテルズ',
        agency: 'Kanto Merchant Solutions',
        branches: ['箱根湯本', '河口湖'],
      },
    ],
  },
  {
    name: 'Pacific Gateway Partners',
    agencies: ['Kansai Retail Partners'],
    companies: [
      {
        name: '株式会社みなと書店',
        agency: 'Kansai Retail Partners',
        branches: ['梅田店', '難波店', '京都四条店'],
      },
      { name: '合同会社あおば雑貨', agency: null, branches: ['札幌大通店', '仙台駅前店'] },
    ],
  },
  {
    name: 'Hokkaido Pay Network',
    agencies: ['Sapporo Biz Agents'],
    companies: [
      { name: '株式会社北海物産', agency: 'Sapporo Biz Agents', branches: ['札幌本店', '函館朝市店'] },
      { name: '株式会社おたる硝子', agency: null, branches: ['小樽運河店'] },
    ],
  },
] as const;

export interface DemoAccount {
  loginId: string;
  operatorType: OperatorType;
  userName: string;
  email: string;
  mobile: string;
  title: string;
  provider?: string;
  agency?: string;
  company?: string;
  branch?: string;
}

/** One account per role; the login ids are what the README and the e2e tests use. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    loginId: 'admin',
    operatorType: 0,
    userName: '山田 太郎',
    email: 'yamada.taro@kessai.example',
    mobile: '090-1000-0001',
    title: 'システム管理者',
  },
  {
    loginId: 'sysop',
    operatorType: 10,
    userName: '佐藤 花子',
    email: 'sato.hanako@kessai.example',
    mobile: '090-1000-0002',
    title: '運用担当',
  },
  {
    loginId: 'sp-admin',
    operatorType: 15,
    userName: '鈴木 一郎',
    email: 'suzuki.ichiro@sakura-pay.example',
    mobile: '080-2000-0001',
    title: '部長',
    provider: 'Sakura Payment Services',
  },
  {
    loginId: 'sp-op',
    operatorType: 16,
    userName: '高橋 美咲',
    email: 'takahashi.misaki@sakura-pay.example',
    mobile: '080-2000-0002',
    title: '営業担当',
    provider: 'Sakura Payment Services',
  },
  {
    loginId: 'co-admin',
    operatorType: 20,
    userName: '田中 健',
    email: 'tanaka.ken@hinoki-coffee.example',
    mobile: '070-3000-0001',
    title: '経理部長',
    provider: 'Sakura Payment Services',
    company: '株式会社ひのき珈琲',
  },
  {
    loginId: 'co-op',
    operatorType: 30,
    userName: '伊藤 さくら',
    email: 'ito.sakura@hinoki-coffee.example',
    mobile: '070-3000-0002',
    title: '店長',
    provider: 'Sakura Payment Services',
    company: '株式会社ひのき珈琲',
    branch: '銀座店',
  },
  {
    loginId: 'ag-admin',
    operatorType: 40,
    userName: '渡辺 直樹',
    email: 'watanabe.naoki@kanto-ms.example',
    mobile: '090-4000-0001',
    title: '代表',
    provider: 'Sakura Payment Services',
    agency: 'Kanto Merchant Solutions',
  },
  {
    loginId: 'ag-op',
    operatorType: 50,
    userName: '中村 由美',
    email: 'nakamura.yumi@kanto-ms.example',
    mobile: '090-4000-0002',
    title: '営業',
    provider: 'Sakura Payment Services',
    agency: 'Kanto Merchant Solutions',
  },
];

export const DEMO_LOGINS = DEMO_ACCOUNTS.map((a) => a.loginId);

/** More accounts, so every role has staff in more than one organisation (the 8 above stay as they are). */
export const DEMO_EXTRA_ACCOUNTS: readonly DemoAccount[] = [
  {
    loginId: 'sysop2',
    operatorType: 10,
    userName: '小林 誠',
    email: 'kobayashi.makoto@kessai.example',
    mobile: '090-1000-0003',
    title: '運用担当',
  },
  {
    loginId: 'pg-admin',
    operatorType: 15,
    userName: 'Emily Clarke',
    email: 'emily.clarke@pacific-gw.example',
    mobile: '080-2100-0001',
    title: 'Director',
    provider: 'Pacific Gateway Partners',
  },
  {
    loginId: 'pg-op',
    operatorType: 16,
    userName: '王 芳',
    email: 'wang.fang@pacific-gw.example',
    mobile: '080-2100-0002',
    title: 'Account manager',
    provider: 'Pacific Gateway Partners',
  },
  {
    loginId: 'yakkyoku-admin',
    operatorType: 20,
    userName: '加藤 美穂',
    email: 'kato.miho@sakura-yakkyoku.example',
    mobile: '070-3100-0001',
    title: '管理部長',
    provider: 'Sakura Payment Services',
    company: '有限会社さくら薬局',
  },
  {
    loginId: 'minato-admin',
    operatorType: 20,
    userName: '松本 拓也',
    email: 'matsumoto.takuya@minato-shoten.example',
    mobile: '070-3200-0001',
    title: '経理課長',
    provider: 'Pacific Gateway Partners',
    company: '株式会社みなと書店',
  },
  {
    loginId: 'minato-op',
    operatorType: 30,
    userName: '井上 彩',
    email: 'inoue.aya@minato-shoten.example',
    mobile: '070-3200-0002',
    title: '店長',
    provider: 'Pacific Gateway Partners',
    company: '株式会社みなと書店',
    branch: '梅田店',
  },
  {
    loginId: 'kansai-admin',
    operatorType: 40,
    userName: '木村 大輔',
    email: 'kimura.daisuke@kansai-rp.example',
    mobile: '090-4100-0001',
    title: '代表',
    provider: 'Pacific Gateway Partners',
    agency: 'Kansai Retail Partners',
  },
  {
    loginId: 'kansai-op',
    operatorType: 50,
    userName: '林 優子',
    email: 'hayashi.yuko@kansai-rp.example',
    mobile: '090-4100-0002',
    title: '営業',
    provider: 'Pacific Gateway Partners',
    agency: 'Kansai Retail Partners',
  },
  {
    loginId: 'hokkai-admin',
    operatorType: 20,
    userName: '佐々木 翔',
    email: 'sasaki.sho@hokkai-bussan.example',
    mobile: '070-3300-0001',
    title: '社長',
    provider: 'Hokkaido Pay Network',
    company: '株式会社北海物産',
  },
];
