import type { BRANDS } from '../../../src/contract/commission';
import { randomToken, sha256, type SecretBox } from '../../platform/secrets';

/** Filled-in business details for the demo organisations, derived from their position. */
const pad = (n: number, width = 4) => String(n).padStart(width, '0');

export function providerDetails(i: number) {
  return {
    contactName: ['青木 由紀', 'Daniel Ho', '斎藤 健二'][i % 3],
    contactEmail: `contact${i + 1}@provider.example`,
    phone: `03-5500-${pad(i + 1)}`,
    address: ['東京都千代田区丸の内1-1-1', '大阪府大阪市北区梅田2-2-2', '北海道札幌市中央区北1条西3-3'][
      i % 3
    ],
    remark: '',
  };
}

export function agentDetails(i: number) {
  return {
    agentNo: `AG-${pad(i + 1)}`,
    nameEn: ['Kanto MS', 'Kansai RP', 'Sapporo BA'][i % 3],
    address: [
      '神奈川県横浜市西区みなとみらい3-3',
      '京都府京都市下京区四条通4-4',
      '北海道札幌市北区北7条西5-5',
    ][i % 3],
    phone: `045-600-${pad(i + 1)}`,
    mobile: `090-7000-${pad(i + 1)}`,
    homepage: `https://agency${i + 1}.example`,
    businessHours: '9:00-18:00',
    comment: '',
    businessType: 1,
    repName: ['渡辺 直樹', '木村 大輔', '高田 亮'][i % 3],
    repNameKana: ['ワタナベ ナオキ', 'キムラ ダイスケ', 'タカダ リョウ'][i % 3],
    repSex: 1,
    repBirthday: `197${i}-04-1${i}`,
    repAddress: '東京都港区芝公園4-2-8',
    repPhone: `03-6100-${pad(i + 1)}`,
    repMobile: `090-7100-${pad(i + 1)}`,
    repEmail: `rep${i + 1}@agency.example`,
    contactName: '営業窓口',
    contactPhone: `03-6200-${pad(i + 1)}`,
    contactEmail: `sales${i + 1}@agency.example`,
    bankName: 'みずほ銀行',
    bankCode: '0001',
    bankBranchName: '本店',
    bankBranchCode: '100',
    bankAccountType: 1,
    bankAccountNumber: `12${pad(i + 1, 5)}`,
    // Japanese banks write holders in half-width katakana.
    bankAccountHolder: 'ｶ)ﾀﾞｲﾘﾃﾝ',
    currency: 'JPY',
    settlementPeriod: (['T+7', 'T+15', 'T+30'] as const)[i % 3],
    minimumAmount: 10_000,
    remittanceCostType: i % 2 === 0 ? 'SHA' : 'OUR',
  };
}

export function companyDetails(box: SecretBox, i: number, name: string) {
  const accessToken = `at_demo_${randomToken(16)}`;
  const paySecret = randomToken(32);
  return {
    nameEn: `Demo Co ${i + 1}`,
    phone: `03-3${pad(i + 1, 3)}-${pad(1000 + i)}`,
    fax: `03-3${pad(i + 1, 3)}-${pad(2000 + i)}`,
    address: `東京都中央区銀座${i + 1}-${i + 2}-${i + 3}`,
    homepage: `https://company${i + 1}.example`,
    contactName: '経理担当',
    contactEmail: `contact@company${i + 1}.example`,
    bankName: '三井住友銀行',
    bankCode: '0009',
    bankBranchName: '銀座支店',
    bankBranchCode: '026',
    bankAccountType: 1,
    bankAccountNumber: `76${pad(i + 1, 5)}`,
    bankAccountHolder: 'ｶ)ﾃﾞﾓ',
    checkoutPeriod: (['monthly', 'weekly', 'daily'] as const)[i % 3],
    checkoutWeekday: i % 3 === 1 ? 5 : null,
    checkoutLimit: 5_000,
    financeEmail: `finance@company${i + 1}.example`,
    mid: `M${pad(100 + i, 6)}`,
    sid: `S${pad(200 + i, 6)}`,
    accessTokenHash: sha256(accessToken),
    accessTokenHint: accessToken.slice(-4),
    paySecretEnc: box.encrypt(paySecret),
    paySecretHash: sha256(paySecret),
    ubos: [
      {
        attribute: 'corporate',
        firstName: '太郎',
        lastName: '山本',
        companyName: name,
        passportNumber: `TK${pad(i + 1, 7)}`,
        registrationNumber: `0100-01-${pad(i + 1, 6)}`,
        city: '東京',
        companyAttribute: '株式会社',
      },
    ],
    wechatSubAppId: `wx${pad(i + 1, 8)}`,
    wechatSubMchId: `1${pad(i + 1, 9)}`,
    wechatMcc: '5812',
    chinaPayCompanyNo: `CP${pad(i + 1, 6)}`,
    chinaPayBranchNo: `CB${pad(i + 1, 6)}`,
    chinaPayTokenEnc: box.encrypt(`cp-token-${randomToken(12)}`),
    chinaPaySecretKeyEnc: box.encrypt(`cp-secret-${randomToken(16)}`),
    paypayMerchantId: `PP${pad(i + 1, 8)}`,
    paypayStoreId: `ST${pad(i + 1, 6)}`,
    paypayAuthTokenEnc: box.encrypt(`pp-auth-${randomToken(16)}`),
    paypayKeyEnc: box.encrypt(`pp-key-${randomToken(16)}`),
    paytreeId: `PT${pad(i + 1, 6)}`,
    paytreeCompanyCode: `C${pad(i + 1)}`,
    paytreeBranchCode: `B${pad(i + 1)}`,
    // Payment limits (docs/api.md "Payment limits"): minor units of each payment's currency.
    limitOffline: 1_000_000,
    limitOnline: 500_000,
    limitAutoDebit: 200_000,
    limitStaticCode: 100_000,
    limitDynamicCode: 300_000,
    limitLink: 300_000,
    limitAll: 5_000_000,
    offlineAppMode: (['CPM', 'MPM', 'multi'] as const)[i % 3],
    threeDSecure: i % 2 === 0,
    resultContactEmail: `notify@company${i + 1}.example`,
  };
}

type Brand = (typeof BRANDS)[number];
const DEMO_RATES: [Brand, number][] = [
  ['wechat', 325],
  ['alipay', 325],
  ['paypay', 198],
  ['card', 360],
];

/** Commission per brand and channel (hundredths of a percent); rebates where an agency brought the company in. */
export function demoRates(companyId: number, withAgency: boolean) {
  const rates = DEMO_RATES.flatMap(([brand, rate]) => [
    { companyId, brand, channel: 'offline', rate, remark: '' },
    { companyId, brand, channel: 'online', rate: rate + 25, remark: '' },
  ]);
  const rebates = withAgency
    ? DEMO_RATES.map(([brand, rate]) => ({ companyId, brand, rate: Math.floor(rate / 4) }))
    : [];
  return { rates, rebates };
}

const APP_TYPES = ['android', 'ios', 'pos', 'windows'] as const;

export function demoTerminals(companyIndex: number, companyId: number, branchIds: number[]) {
  return branchIds.slice(0, 2).map((branchUnitId, j) => ({
    serial: `KS-${pad(companyIndex + 1, 3)}-${pad(j + 1, 3)}`,
    appType: APP_TYPES[(companyIndex + j) % APP_TYPES.length],
    companyId,
    branchUnitId,
  }));
}
