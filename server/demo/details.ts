import type { BRANDS } from '../../src/contract/commission';
import { randomToken, sha256, type SecretBox } from '../platform/secrets';

/** Filled-in business details for the demo organisations, derived from their position. */
const pad = (n: number, width = 4) => String(n).padStart(width, '0');

interface ProviderProfile {
  contactName: string;
  contactEmail: string;
  phone: string;
  address: string;
}

const PROVIDERS: Record<string, ProviderProfile> = {
  'Sakura Payment Services': {
    contactName: '青木 由紀',
    contactEmail: 'partner-support@sakura-pay.example',
    phone: '03-5220-1180',
    address: '東京都千代田区丸の内1-6-5 丸の内北口ビル12階',
  },
  'Pacific Gateway Partners': {
    contactName: 'Daniel Ho',
    contactEmail: 'merchants@pacific-gw.example',
    phone: '06-6341-2270',
    address: '大阪府大阪市北区梅田2-4-9 ブリーゼタワー18階',
  },
  'Hokkaido Pay Network': {
    contactName: '斎藤 健二',
    contactEmail: 'support@hokkaido-pay.example',
    phone: '011-231-4455',
    address: '北海道札幌市中央区北1条西3-3 札幌MNビル7階',
  },
};

export function providerDetails(name: string) {
  return { ...PROVIDERS[name], remark: '' };
}

interface AgencyProfile {
  nameEn: string;
  domain: string;
  address: string;
  phone: string;
  mobile: string;
  repName: string;
  repNameKana: string;
  repBirthday: string;
  repAddress: string;
  contactName: string;
  bankName: string;
  bankCode: string;
  bankBranchName: string;
  bankBranchCode: string;
  /** Japanese banks write holders in half-width katakana. */
  holder: string;
}

const AGENCIES: Record<string, AgencyProfile> = {
  'Kanto Merchant Solutions': {
    nameEn: 'Kanto Merchant Solutions Inc.',
    domain: 'kanto-ms.example',
    address: '神奈川県横浜市西区みなとみらい3-6-1 みなとみらいセンタービル9階',
    phone: '045-650-3310',
    mobile: '090-4000-0001',
    repName: '渡辺 直樹',
    repNameKana: 'ワタナベ ナオキ',
    repBirthday: '1974-06-12',
    repAddress: '神奈川県横浜市青葉区美しが丘2-15-3',
    contactName: '中村 由美',
    bankName: '横浜銀行',
    bankCode: '0138',
    bankBranchName: 'みなとみらい支店',
    bankBranchCode: '307',
    holder: 'ｶ)ｶﾝﾄｳﾏ-ﾁﾔﾝﾄｿﾘﾕ-ｼﾖﾝｽﾞ',
  },
  'Kansai Retail Partners': {
    nameEn: 'Kansai Retail Partners Co., Ltd.',
    domain: 'kansai-rp.example',
    address: '京都府京都市下京区四条通烏丸東入長刀鉾町20 四条烏丸FTスクエア5階',
    phone: '075-211-8840',
    mobile: '090-4100-0001',
    repName: '木村 大輔',
    repNameKana: 'キムラ ダイスケ',
    repBirthday: '1979-11-03',
    repAddress: '京都府京都市左京区下鴨北園町8-2',
    contactName: '林 優子',
    bankName: '京都銀行',
    bankCode: '0158',
    bankBranchName: '四条支店',
    bankBranchCode: '111',
    holder: 'ｶ)ｶﾝｻｲﾘﾃ-ﾙﾊﾟ-ﾄﾅ-ｽﾞ',
  },
  'Sapporo Biz Agents': {
    nameEn: 'Sapporo Biz Agents Co., Ltd.',
    domain: 'sapporo-ba.example',
    address: '北海道札幌市北区北7条西5-8-5 札幌北7条ビル3階',
    phone: '011-727-5120',
    mobile: '090-4200-0001',
    repName: '高田 亮',
    repNameKana: 'タカダ リョウ',
    repBirthday: '1982-02-21',
    repAddress: '北海道札幌市豊平区平岸3条9-1-12',
    contactName: '森 千尋',
    bankName: '北洋銀行',
    bankCode: '0501',
    bankBranchName: '札幌駅南口支店',
    bankBranchCode: '310',
    holder: 'ｶ)ｻﾂﾎﾟﾛﾋﾞｽﾞｴ-ｼﾞｴﾝﾂ',
  },
};

export function agentDetails(i: number, name: string) {
  const a = AGENCIES[name];
  return {
    agentNo: `AG-${pad(i + 1)}`,
    nameEn: a.nameEn,
    address: a.address,
    phone: a.phone,
    mobile: a.mobile,
    homepage: `https://www.${a.domain}`,
    businessHours: '9:00-18:00',
    comment: '',
    businessType: 1,
    repName: a.repName,
    repNameKana: a.repNameKana,
    repSex: 1,
    repBirthday: a.repBirthday,
    repAddress: a.repAddress,
    repPhone: a.phone.replace(/\d{4}$/, (d) => String(Number(d) + 1)),
    repMobile: a.mobile.replace(/\d{4}$/, (d) => pad(Number(d) + 100)),
    repEmail: `ceo@${a.domain}`,
    contactName: a.contactName,
    contactPhone: a.phone,
    contactEmail: `sales@${a.domain}`,
    bankName: a.bankName,
    bankCode: a.bankCode,
    bankBranchName: a.bankBranchName,
    bankBranchCode: a.bankBranchCode,
    bankAccountType: 1,
    bankAccountNumber: `12${pad(i + 1, 5)}`,
    bankAccountHolder: a.holder,
    currency: 'JPY',
    settlementPeriod: (['T+7', 'T+15', 'T+30'] as const)[i % 3],
    minimumAmount: ([3_000, 5_000, 10_000] as const)[i % 3],
    remittanceCostType: i % 2 === 0 ? 'SHA' : 'OUR',
  };
}

interface BranchProfile {
  address: string;
  phone: string;
  contactName: string;
}

interface CompanyProfile {
  nameEn: string;
  domain: string;
  address: string;
  phone: string;
  fax: string;
  contactName: string;
  /** Merchant category code of the business (ISO 18245). */
  mcc: string;
  bankName: string;
  bankCode: string;
  bankBranchName: string;
  bankBranchCode: string;
  holder: string;
  /** SWIFT/BIC of its bank, for the payouts of its dollar sales (transfers in USD). */
  swift?: string;
  /** The merchant has not sent its account number yet: its settlements cannot be paid (and say why). */
  accountNumberMissing?: true;
  owner: { firstName: string; lastName: string; city: string };
  /** The company's store code prefix (branch codes HNK01, HNK02, …). */
  code: string;
  branches: Record<string, BranchProfile>;
}

const COMPANIES: Record<string, CompanyProfile> = {
  株式会社ひのき珈琲: {
    nameEn: 'Hinoki Coffee Co., Ltd.',
    domain: 'hinoki-coffee.example',
    address: '東京都中央区銀座3-7-14 ひのきビル2階',
    phone: '03-3561-0721',
    fax: '03-3561-0722',
    contactName: '田中 健',
    mcc: '5814',
    bankName: '三井住友銀行',
    bankCode: '0009',
    bankBranchName: '銀座支店',
    bankBranchCode: '026',
    holder: 'ｶ)ﾋﾉｷｺ-ﾋ-',
    owner: { firstName: '健', lastName: '田中', city: '東京' },
    code: 'HNK',
    branches: {
      銀座店: {
        address: '東京都中央区銀座3-7-14 ひのきビル1階',
        phone: '03-3561-0731',
        contactName: '伊藤 さくら',
      },
      渋谷店: {
        address: '東京都渋谷区道玄坂1-12-5 渋谷マークシティ4階',
        phone: '03-3464-2210',
        contactName: '小川 陽介',
      },
      横浜みなとみらい店: {
        address: '神奈川県横浜市西区みなとみらい2-2-1 ランドマークプラザ3階',
        phone: '045-222-5580',
        contactName: '石井 真央',
      },
    },
  },
  有限会社さくら薬局: {
    nameEn: 'Sakura Pharmacy Ltd.',
    domain: 'sakura-yakkyoku.example',
    address: '東京都新宿区西新宿1-4-1 さくらビル3階',
    phone: '03-3342-6610',
    fax: '03-3342-6611',
    contactName: '加藤 美穂',
    mcc: '5912',
    bankName: 'みずほ銀行',
    bankCode: '0001',
    bankBranchName: '新宿西口支店',
    bankBranchCode: '246',
    holder: 'ﾕ)ｻｸﾗﾔﾂｷﾖｸ',
    owner: { firstName: '美穂', lastName: '加藤', city: '東京' },
    code: 'SKR',
    branches: {
      新宿西口店: {
        address: '東京都新宿区西新宿1-4-1 さくらビル1階',
        phone: '03-3342-6620',
        contactName: '山口 恵',
      },
      池袋東口店: {
        address: '東京都豊島区南池袋1-21-3 東口プラザ1階',
        phone: '03-3985-1130',
        contactName: '斉藤 誠',
      },
    },
  },
  株式会社富士山ホテルズ: {
    nameEn: 'Fujisan Hotels Co., Ltd.',
    domain: 'fujisan-hotels.example',
    address: '静岡県静岡市葵区紺屋町11-1 静岡駅前ビル6階',
    phone: '054-251-3300',
    fax: '054-251-3301',
    contactName: '望月 亜紀',
    mcc: '7011',
    bankName: '静岡銀行',
    bankCode: '0149',
    bankBranchName: '本店営業部',
    bankBranchCode: '111',
    holder: 'ｶ)ﾌｼﾞｻﾝﾎﾃﾙｽﾞ',
    swift: 'SHIZJPJT',
    owner: { firstName: '浩一', lastName: '望月', city: '静岡' },
    code: 'FJH',
    branches: {
      箱根湯本: { address: '神奈川県足柄下郡箱根町湯本702', phone: '0460-85-5211', contactName: '杉山 剛' },
      河口湖: {
        address: '山梨県南都留郡富士河口湖町浅川1163',
        phone: '0555-72-1141',
        contactName: '渡部 遥',
      },
    },
  },
  株式会社みなと書店: {
    nameEn: 'Minato Shoten Co., Ltd.',
    domain: 'minato-shoten.example',
    address: '大阪府大阪市北区芝田1-1-3 阪急三番街北館5階',
    phone: '06-6372-4401',
    fax: '06-6372-4402',
    contactName: '松本 拓也',
    mcc: '5942',
    bankName: '三菱UFJ銀行',
    bankCode: '0005',
    bankBranchName: '梅田支店',
    bankBranchCode: '061',
    holder: 'ｶ)ﾐﾅﾄｼﾖﾃﾝ',
    owner: { firstName: '誠一', lastName: '松本', city: '大阪' },
    code: 'MNT',
    branches: {
      梅田店: {
        address: '大阪府大阪市北区芝田1-1-3 阪急三番街南館B1階',
        phone: '06-6372-4410',
        contactName: '井上 彩',
      },
      難波店: {
        address: '大阪府大阪市中央区難波5-1-60 なんばCITY本館2階',
        phone: '06-6644-2280',
        contactName: '藤田 翔太',
      },
      京都四条店: {
        address: '京都府京都市下京区四条通寺町東入2-12 四条河原町ビル3階',
        phone: '075-252-7730',
        contactName: '岡田 奈々',
      },
    },
  },
  合同会社あおば雑貨: {
    nameEn: 'Aoba Zakka LLC',
    domain: 'aoba-zakka.example',
    address: '宮城県仙台市青葉区中央2-2-10 青葉ビル4階',
    phone: '022-262-1850',
    fax: '022-262-1851',
    contactName: '佐藤 彩花',
    mcc: '5719',
    bankName: '七十七銀行',
    bankCode: '0125',
    bankBranchName: '本店営業部',
    bankBranchCode: '100',
    holder: 'ﾄﾞ)ｱｵﾊﾞｻﾞﾂｶ',
    owner: { firstName: '彩花', lastName: '佐藤', city: '仙台' },
    code: 'AOB',
    branches: {
      札幌大通店: {
        address: '北海道札幌市中央区大通西3-7 大通ビッセ2階',
        phone: '011-222-6360',
        contactName: '菊地 楓',
      },
      仙台駅前店: {
        address: '宮城県仙台市青葉区中央1-1-1 仙台駅前エデン1階',
        phone: '022-262-1860',
        contactName: '阿部 隼人',
      },
    },
  },
  株式会社北海物産: {
    nameEn: 'Hokkai Bussan Co., Ltd.',
    domain: 'hokkai-bussan.example',
    address: '北海道札幌市中央区北5条西2-5 JRタワーオフィスプラザ8階',
    phone: '011-209-5520',
    fax: '011-209-5521',
    contactName: '佐々木 翔',
    mcc: '5499',
    bankName: '北海道銀行',
    bankCode: '0116',
    bankBranchName: '本店営業部',
    bankBranchCode: '101',
    holder: 'ｶ)ﾎﾂｶｲﾌﾞﾂｻﾝ',
    swift: 'HKDBJPJT',
    owner: { firstName: '翔', lastName: '佐々木', city: '札幌' },
    code: 'HB',
    branches: {
      札幌本店: {
        address: '北海道札幌市中央区北11条西22-4-1 札幌場外市場内',
        phone: '011-621-7720',
        contactName: '工藤 正樹',
      },
      函館朝市店: {
        address: '北海道函館市若松町9-19 函館朝市ひろば',
        phone: '0138-22-5540',
        contactName: '成田 美咲',
      },
    },
  },
  株式会社おたる硝子: {
    nameEn: 'Otaru Glass Co., Ltd.',
    domain: 'otaru-glass.example',
    address: '北海道小樽市堺町7-26',
    phone: '0134-33-1990',
    fax: '0134-33-1991',
    contactName: '村上 春香',
    mcc: '5947',
    bankName: '北洋銀行',
    bankCode: '0501',
    bankBranchName: '小樽中央支店',
    bankBranchCode: '341',
    holder: 'ｶ)ｵﾀﾙｶﾞﾗｽ',
    accountNumberMissing: true,
    owner: { firstName: '春香', lastName: '村上', city: '小樽' },
    code: 'OTG',
    branches: {
      小樽運河店: {
        address: '北海道小樽市堺町5-27 運河プラザ1階',
        phone: '0134-33-2050',
        contactName: '吉田 樹',
      },
    },
  },
};

/** A branch's code, address, phone and contact (a store of the company). */
export function branchDetails(company: string, branch: string, j: number) {
  const c = COMPANIES[company];
  return { code: `${c.code}${pad(j + 1, 2)}`, ...c.branches[branch], remark: '' };
}

export function companyDetails(box: SecretBox, i: number, name: string) {
  const c = COMPANIES[name];
  const accessToken = `at_${randomToken(16)}`;
  const paySecret = randomToken(32);
  return {
    nameEn: c.nameEn,
    phone: c.phone,
    fax: c.fax,
    address: c.address,
    homepage: `https://www.${c.domain}`,
    contactName: c.contactName,
    contactEmail: `keiri@${c.domain}`,
    bankName: c.bankName,
    bankCode: c.bankCode,
    bankBranchName: c.bankBranchName,
    bankBranchCode: c.bankBranchCode,
    bankAccountType: 1,
    bankAccountNumber: c.accountNumberMissing ? '' : `76${pad(i + 1, 5)}`,
    bankAccountHolder: c.holder,
    bankSwift: c.swift ?? '',
    checkoutPeriod: (['monthly', 'weekly', 'daily'] as const)[i % 3],
    checkoutWeekday: i % 3 === 1 ? 5 : null,
    checkoutLimit: 5_000,
    financeEmail: `finance@${c.domain}`,
    mid: `M${pad(100 + i, 6)}`,
    sid: `S${pad(200 + i, 6)}`,
    accessTokenHash: sha256(accessToken),
    accessTokenHint: accessToken.slice(-4),
    paySecretEnc: box.encrypt(paySecret),
    paySecretHash: sha256(paySecret),
    ubos: [
      {
        attribute: 'corporate',
        firstName: c.owner.firstName,
        lastName: c.owner.lastName,
        companyName: name,
        passportNumber: `TK${pad(i + 1, 7)}`,
        registrationNumber: `0100-01-${pad(i + 1, 6)}`,
        city: c.owner.city,
        companyAttribute: name.startsWith('有限会社')
          ? '有限会社'
          : name.startsWith('合同会社')
            ? '合同会社'
            : '株式会社',
      },
    ],
    wechatSubAppId: `wx${pad(i + 1, 8)}`,
    wechatSubMchId: `1${pad(i + 1, 9)}`,
    wechatMcc: c.mcc,
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
    resultContactEmail: `system@${c.domain}`,
  };
}

type Brand = (typeof BRANDS)[number];
/** A rate for every brand the demo companies take payments through (issue #29: none without one). */
const DEMO_RATES: [Brand, number][] = [
  ['wechat', 325],
  ['alipay', 325],
  ['unionpay', 300],
  ['alipayplus', 330],
  ['paypay', 198],
  ['card', 360],
];

/** Commission per brand and channel (hundredths of a percent); rebates where an agency brought the company in. */
export function demoRates(companyId: number, withAgency: boolean) {
  const rates = DEMO_RATES.flatMap(([brand, rate]) => [
    { companyId, brand, channel: 'offline', rate, remark: '' },
    { companyId, brand, channel: 'online', rate: rate + 25, remark: '' },
  ]);
  // The agencies earn nothing on Alipay+: its orders are in their settlements all the same, with
  // no rebate (an agency's settlement lists every order of its companies).
  const rebates = withAgency
    ? DEMO_RATES.filter(([brand]) => brand !== 'alipayplus').map(([brand, rate]) => ({
        companyId,
        brand,
        rate: Math.floor(rate / 4),
      }))
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
