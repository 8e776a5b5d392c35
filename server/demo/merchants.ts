import type { PayBrand } from '../../src/contract/brands';

/**
 * What the demo merchants sell and how they number their orders: the catalogue each
 * company's orders draw their subject and amount from (integer yen), the hours its tills
 * are open (business time zone), and its own order number style. Names, products and
 * addresses are data a Japanese merchant writes in Japanese, so they are stored as written.
 */
export interface DemoItem {
  /** What the payer bought (the order's subject). */
  name: string;
  /** Price range in yen, tax included; amounts are rounded to `step`. */
  min: number;
  max: number;
  weight: number;
}

export interface DemoMerchant {
  /** The company's name in the demo organisations (server/demo/data.ts). */
  company: string;
  /** Business hours of its tills [open, close) in hours of the business day; online shops sell all day. */
  hours: readonly [number, number];
  /** Yen the prices are rounded to. */
  step: number;
  items: readonly DemoItem[];
  /** The merchant's own order number for its `n`-th order on a business day `day` (luxon DateTime parts). */
  orderNo(day: { yyyy: string; yy: string; mm: string; dd: string }, n: number, branch: number): string;
  /** Share of card payments the business sees (a hotel takes more cards than a café). */
  brands: readonly (readonly [PayBrand, number])[];
  /** Share of the orders that are in this merchant's foreign-currency price list (USD), 0 for none. */
  usd: number;
}

const p = (n: number, w: number) => String(n).padStart(w, '0');

export const DEMO_MERCHANTS: readonly DemoMerchant[] = [
  {
    company: '株式会社ひのき珈琲',
    hours: [7, 21],
    step: 10,
    items: [
      { name: 'ブレンドコーヒー ほか', min: 480, max: 1_280, weight: 26 },
      { name: 'カフェラテ・焼き菓子', min: 620, max: 1_680, weight: 22 },
      { name: 'モーニングセット', min: 680, max: 1_460, weight: 10 },
      { name: 'ケーキセット', min: 1_150, max: 2_400, weight: 12 },
      { name: 'ひのきブレンド 200g', min: 1_620, max: 3_240, weight: 12 },
      { name: 'ドリップバッグ ギフト', min: 2_160, max: 5_400, weight: 10 },
      { name: 'コーヒー豆 定期便', min: 3_240, max: 6_480, weight: 8 },
    ],
    orderNo: (d, n, b) => `HNK${p(b + 1, 2)}-${d.yy}${d.mm}${d.dd}-${p(n, 4)}`,
    brands: [
      ['paypay', 50],
      ['wechat', 15],
      ['alipayplus', 15],
      ['card', 20],
    ],
    usd: 0,
  },
  {
    company: '有限会社さくら薬局',
    hours: [9, 21],
    step: 1,
    items: [
      { name: '一般用医薬品', min: 598, max: 3_980, weight: 30 },
      { name: '処方薬 調剤', min: 420, max: 6_800, weight: 25 },
      { name: '化粧品・スキンケア', min: 880, max: 8_800, weight: 20 },
      { name: '日用品', min: 198, max: 2_480, weight: 15 },
      { name: 'サプリメント', min: 1_280, max: 5_980, weight: 10 },
    ],
    orderNo: (d, n) => `SKR-${d.yyyy}${d.mm}${d.dd}-${p(n, 6)}`,
    brands: [
      ['paypay', 45],
      ['wechat', 20],
      ['alipayplus', 15],
      ['card', 20],
    ],
    usd: 0,
  },
  {
    company: '株式会社富士山ホテルズ',
    hours: [0, 24],
    step: 100,
    items: [
      { name: '宿泊料金（和室・1泊2食付）', min: 18_000, max: 86_000, weight: 30 },
      { name: '宿泊料金（洋室・素泊まり）', min: 9_800, max: 32_000, weight: 25 },
      { name: '日帰り温泉・お食事', min: 1_800, max: 6_500, weight: 20 },
      { name: '売店 お土産', min: 800, max: 7_800, weight: 15 },
      { name: '宿泊予約 内金', min: 10_000, max: 50_000, weight: 10 },
    ],
    orderNo: (d, n) => `R${d.yy}${d.mm}-${p(n, 5)}`,
    brands: [
      ['paypay', 20],
      ['wechat', 20],
      ['alipayplus', 15],
      ['card', 45],
    ],
    usd: 0.08,
  },
  {
    company: '株式会社みなと書店',
    hours: [10, 22],
    step: 10,
    items: [
      { name: '書籍', min: 660, max: 3_960, weight: 40 },
      { name: 'コミック', min: 528, max: 2_640, weight: 25 },
      { name: '雑誌', min: 600, max: 1_980, weight: 15 },
      { name: '文具', min: 330, max: 4_400, weight: 12 },
      { name: '図書カード', min: 1_000, max: 10_000, weight: 8 },
    ],
    orderNo: (d, n) => `MNT${d.yy}${d.mm}${d.dd}${p(n, 6)}`,
    brands: [
      ['paypay', 45],
      ['wechat', 15],
      ['alipayplus', 15],
      ['card', 25],
    ],
    usd: 0,
  },
  {
    company: '合同会社あおば雑貨',
    hours: [10, 20],
    step: 10,
    items: [
      { name: 'キッチン雑貨', min: 550, max: 4_950, weight: 30 },
      { name: '器・食器', min: 1_320, max: 8_800, weight: 25 },
      { name: 'ファブリック', min: 990, max: 6_600, weight: 20 },
      { name: 'ステーショナリー', min: 330, max: 2_200, weight: 15 },
      { name: 'ギフトラッピング込み', min: 2_200, max: 11_000, weight: 10 },
    ],
    orderNo: (d, n) => `AOBA-${d.yyyy}${d.mm}${d.dd}-${p(n, 4)}`,
    brands: [
      ['paypay', 40],
      ['wechat', 20],
      ['alipayplus', 15],
      ['card', 25],
    ],
    usd: 0,
  },
  {
    company: '株式会社北海物産',
    hours: [8, 19],
    step: 10,
    items: [
      { name: '毛がに 姿ゆで', min: 5_400, max: 16_200, weight: 20 },
      { name: 'いくら醤油漬け', min: 3_240, max: 10_800, weight: 20 },
      { name: '海鮮丼', min: 1_800, max: 4_200, weight: 25 },
      { name: '昆布・干物 詰め合わせ', min: 2_160, max: 8_640, weight: 20 },
      { name: 'お歳暮ギフト 配送', min: 8_640, max: 32_400, weight: 15 },
    ],
    orderNo: (d, n) => `HB-${d.yy}${d.mm}-${p(n, 6)}`,
    brands: [
      ['paypay', 30],
      ['wechat', 25],
      ['alipayplus', 20],
      ['card', 25],
    ],
    usd: 0.03,
  },
  {
    company: '株式会社おたる硝子',
    hours: [9, 18],
    step: 10,
    items: [
      { name: '吹きガラス グラス', min: 2_200, max: 8_800, weight: 30 },
      { name: 'とんぼ玉 アクセサリー', min: 1_100, max: 4_950, weight: 25 },
      { name: 'オルゴール', min: 1_650, max: 12_100, weight: 20 },
      { name: '吹きガラス体験', min: 3_300, max: 6_600, weight: 15 },
      { name: 'ランプ・花器', min: 8_800, max: 38_500, weight: 10 },
    ],
    orderNo: (d, n) => `OTG${d.yyyy}${d.mm}${d.dd}-${p(n, 3)}`,
    brands: [
      ['paypay', 25],
      ['wechat', 30],
      ['alipayplus', 20],
      ['card', 25],
    ],
    usd: 0.05,
  },
];

export const merchantOf = (company: string): DemoMerchant | undefined =>
  DEMO_MERCHANTS.find((m) => m.company === company);
