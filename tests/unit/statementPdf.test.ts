/**
 * The merchant's settlement statement PDF (docs/settlement.md, "The statement (qualified
 * invoice)"): rendered in each language and read back with poppler's pdftotext, as a merchant's
 * PDF reader would; the invoice arithmetic; the embedded fonts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { afterAll, describe, expect, it } from 'vitest';
import { statementPdf } from '../../server/modules/settlements/statementPdf';
import { canDraw, FACE_ORDER } from '../../server/platform/pdfFonts';
import { padGlyphs } from '../../server/platform/ttfPad';
import { invoiceTax, merchantInvoiceLines } from '../../src/contract/invoice';
import type { Catalogue } from '../../src/contract/locale';
import { formatAmount, formatMoney } from '../../src/contract/money';
import type { StatementData } from '../../src/contract/settlements';
import { AREAS, createTranslator, isMessageKey, leafKeys } from '../../src/i18n';

const dir = mkdtempSync(join(tmpdir(), 'statement-'));
afterAll(() => execFileSync('rm', ['-rf', dir]));

/** November's settlement of docs/settlement.md's worked example, paid out. */
const worked = (name: string, over: Partial<StatementData> = {}): StatementData => ({
  settlementNo: 'SM20251130000042',
  kind: 'merchant',
  payee: {
    name,
    nameEn: 'Yakkyoku Aoba Co., Ltd.',
    bankName: '三井住友銀行',
    bankCode: '0009',
    branchName: '銀座支店',
    branchCode: '026',
    depositType: 1,
    accountNumber: '7654321',
    holder: 'ｶ)ﾋﾉｷｺ-ﾋ-',
    addressCountry: 'JP',
    iban: '',
    swift: '',
  },
  issuer: {
    name: '株式会社ケッサイ',
    registrationNo: 'T1234567890123',
    address: '東京都千代田区丸の内1-1-1 丸の内ビル10階',
    phone: '03-1234-5678',
  },
  periodBegin: '2025-11-01',
  periodEnd: '2025-11-30',
  dueDate: '2025-12-03',
  issueDate: '2025-12-01',
  currency: 'JPY',
  carriedIn: 0,
  orderCount: 3,
  orderTotal: 22_080,
  refundCount: 2,
  refundTotal: 10_000,
  commissionTotal: 392,
  transferCommission: 250,
  transferAmount: 11_438,
  carriedOut: 0,
  status: 2,
  payTime: '2025-12-03 10:15:00',
  invoice: merchantInvoiceLines(392, 250),
  ...over,
});

let files = 0;
function save(bytes: Uint8Array): string {
  const file = join(dir, `statement-${++files}.pdf`);
  writeFileSync(file, bytes);
  return file;
}
const pdftotext = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
/** The lines of the text, runs of spaces made one (pdftotext lays columns out with spaces). */
const linesOf = (text: string) => text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
/** pdffonts: one row per font a page uses, with its name and whether it is embedded and a subset. */
const fontsOf = (file: string) =>
  execFileSync('pdffonts', [file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((row) => {
      const cols = row.trim().split(/\s+/);
      return { name: cols[0], emb: cols[cols.length - 5], sub: cols[cols.length - 4] };
    });

const NAMES: Record<Catalogue, string> = {
  ja: '株式会社ひのき珈琲',
  // Simplified hanzi that Noto Sans JP lacks (优, 贸): drawn by the Chinese face.
  'zh-cn': '上海优选贸易有限公司',
  en: '株式会社ひのき珈琲',
};

describe('statementPdf: what a merchant reads', () => {
  for (const lang of ['ja', 'zh-cn', 'en'] as const) {
    it(`${lang}: the number, period, every line and the invoice, amounts in the reader's format`, async () => {
      const bytes = await statementPdf(worked(NAMES[lang]), lang);
      console.log(`statement ${lang}: ${bytes.length} bytes`);
      expect(bytes.length).toBeLessThan(100_000);
      const file = save(bytes);
      const text = pdftotext(file);
      const lines = linesOf(text);
      const t = createTranslator(lang);
      const money = (minor: number) => formatMoney(minor, 'JPY', lang);
      /** The first line starting with `label`, after the line starting with `after` if given. */
      const line = (label: string, after = '') => {
        const from = after ? lines.findIndex((l) => l.startsWith(after)) : 0;
        return lines.slice(Math.max(from, 0)).find((l) => l.startsWith(label)) ?? `(no line "${label}")`;
      };

      expect(text).toContain(t('settlements.statement.title'));
      expect(text).toContain('SM20251130000042');
      expect(text).toContain(
        t('settlements.statement.periodRange', { begin: '2025-11-01', end: '2025-11-30' }),
      );
      expect(text).toContain('2025-12-03');
      expect(text).toContain(NAMES[lang]);
      expect(text).toContain('ｶ)ﾋﾉｷｺ-ﾋ-');
      expect(text).toContain('***4321');
      expect(text).not.toContain('7654321');
      expect(text).toContain('T1234567890123');

      const k = 'settlements.statement.lines';
      expect(line(t(`${k}.carriedIn`))).toContain(money(0));
      expect(line(t(`${k}.orders`))).toContain(
        `${t('settlements.statement.countValue', { count: 3 })} ${money(22_080)}`,
      );
      expect(line(t(`${k}.refunds`))).toContain(
        `${t('settlements.statement.countValue', { count: 2 })} ${money(-10_000)}`,
      );
      expect(line(t(`${k}.commission`))).toContain(money(-392));
      expect(line(t(`${k}.balance`))).toContain(money(11_688));
      expect(line(t(`${k}.transferCommission`))).toContain(money(-250));
      expect(line(t(`${k}.transferAmount`))).toContain(money(11_438));
      expect(line(t(`${k}.carriedOut`))).toContain(money(0));

      const inv = 'settlements.statement.invoice';
      const invoice = t(`${inv}.title`);
      expect(line(t(`${inv}.title`))).toContain('T1234567890123');
      expect(line(t(`${inv}.items.commission`), invoice)).toBe(
        `${t(`${inv}.items.commission`)} 10% ${money(392)}`,
      );
      expect(line(t(`${inv}.items.transferCommission`), invoice)).toBe(
        `${t(`${inv}.items.transferCommission`)} 10% ${money(250)}`,
      );
      expect(line(t(`${inv}.taxable`, { rate: 10 }))).toContain(money(642));
      expect(line(t(`${inv}.tax`, { rate: 10 }))).toBe(`${t(`${inv}.tax`, { rate: 10 })} ${money(58)}`);
      expect(line(t(`${inv}.total`))).toContain(money(642));
      expect(text).toContain(t('settlements.statement.statuses.2'));
      expect(text).toContain('2025-12-03 10:15:00');
      expect(text).toContain(t('settlements.statement.page', { page: 1, pages: 1 }));
    });
  }

  it('embeds its fonts as subsets (TrueType, six-letter tags), in the language’s face', async () => {
    const bytes = await statementPdf(worked(NAMES.ja), 'ja');
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Bold/);
    // Nothing to fall back to: no Chinese face in a Japanese statement for a Japanese company.
    expect(raw).not.toContain('NotoSansSC');
    const fonts = fontsOf(save(bytes));
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f, f.name).toMatchObject({ emb: 'yes', sub: 'yes' });
  });

  it('falls back to the other face for what the language’s face lacks, character by character', async () => {
    const file = save(await statementPdf(worked(NAMES['zh-cn']), 'ja'));
    expect(pdftotext(file)).toContain(`${NAMES['zh-cn']} 御中`);
    const names = fontsOf(file).map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    expect(names).toEqual(
      expect.arrayContaining(['NotoSansJP-Regular', 'NotoSansJP-Bold', 'NotoSansSC-Bold']),
    );
  });

  it('draws every word it holds: ink inside each word’s box on the rasterised page, in every face', async () => {
    const file = save(await statementPdf(worked(NAMES['zh-cn']), 'ja'));
    const scale = 2; // 144 dpi: two pixels a point
    const pgm = execFileSync('pdftoppm', ['-r', String(72 * scale), '-gray', '-f', '1', '-l', '1', file], {
      maxBuffer: 16 << 20,
    });
    const [, w, h] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 40)) ?? [];
    const pixels = pgm.subarray(pgm.length - Number(w) * Number(h));
    const inked = (x0: number, y0: number, x1: number, y1: number) => {
      let n = 0;
      for (let y = Math.floor(y0 * scale); y < Math.ceil(y1 * scale); y++)
        for (let x = Math.floor(x0 * scale); x < Math.ceil(x1 * scale); x++)
          if (pixels[y * Number(w) + x] < 160) n++;
      return n;
    };
    const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    const words = [
      ...html.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g),
    ];
    expect(words.length).toBeGreaterThan(50);
    const blank = words.filter((m) => inked(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])) === 0);
    expect(blank.map((m) => m[5])).toEqual([]);
  });

  it('wraps a long name inside the page and goes on to a second page, nothing past the margins', async () => {
    const name =
      `${'株式会社とても長い名前の加盟店ホールディングスグループ'.repeat(5)} Very Long International Trading Partnership`.repeat(
        2,
      );
    const file = save(await statementPdf(worked(name), 'en'));
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const pages = [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">/g)];
    expect(pages.length).toBe(2);
    const words = [...html.matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/g)].map(
      (m) => m.slice(1).map(Number),
    );
    expect(words.length).toBeGreaterThan(50);
    for (const [xMin, yMin, xMax, yMax] of words) {
      expect(xMin).toBeGreaterThanOrEqual(48 - 0.5);
      expect(xMax).toBeLessThanOrEqual(595.28 - 48 + 0.5);
      expect(yMin).toBeGreaterThanOrEqual(0);
      expect(yMax).toBeLessThanOrEqual(841.89);
    }
    const text = pdftotext(file);
    expect(text).toContain('Page 1 of 2');
    expect(text).toContain('Page 2 of 2');
    // Every line of the statement and the invoice is still there.
    expect(text).toContain(formatMoney(11_438, 'JPY', 'en'));
    expect(text).toContain(`Consumption tax (10%)`);
  });

  it('says when nothing is transferred and the balance is carried over, and that it is not remitted', async () => {
    const s = worked(NAMES.ja, {
      transferCommission: 0,
      transferAmount: 0,
      carriedOut: 11_688,
      status: 1,
      payTime: null,
      invoice: merchantInvoiceLines(392, 0),
    });
    const text = pdftotext(save(await statementPdf(s, 'ja')));
    const t = createTranslator('ja');
    expect(text).toContain(t('settlements.statement.carriedOver', { amount: '11,688円' }));
    expect(text).toContain(t('settlements.statement.statuses.1'));
    expect(text).not.toContain(t('settlements.statement.payTime'));
    // Tax on the commission alone: ⌊392 × 10 / 110⌋ = 35.
    expect(linesOf(text)).toContain(`${t('settlements.statement.invoice.tax', { rate: 10 })} 35円`);
  });

  it('writes the ISO code where no font has the currency’s sign (₱)', async () => {
    const s = worked(NAMES.ja, { currency: 'PHP' });
    const text = pdftotext(save(await statementPdf(s, 'ja')));
    expect(formatMoney(11_438, 'PHP', 'ja')).toContain('₱');
    expect(text).toContain(`${formatAmount(11_438, 'PHP')} PHP`);
    expect(text).not.toContain('₱');
  });

  it('refuses a statement whose lines do not add up, or whose invoice charges other amounts', async () => {
    await expect(statementPdf(worked(NAMES.ja, { transferAmount: 11_439 }), 'ja')).rejects.toThrow(/balance/);
    await expect(
      statementPdf(worked(NAMES.ja, { invoice: merchantInvoiceLines(392, 0) }), 'ja'),
    ).rejects.toThrow(/invoice/);
  });
});

describe('the fonts cover what statements print', () => {
  it('each language’s own face has every character of its catalogue strings', async () => {
    for (const lang of ['ja', 'zh-cn', 'en'] as const) {
      const t = createTranslator(lang);
      const keys = leafKeys(AREAS.settlements[lang]);
      expect(keys.every(isMessageKey)).toBe(true);
      const missed: string[] = [];
      for (const key of keys.filter(isMessageKey))
        if (!(await canDraw([FACE_ORDER[lang][0]], t(key)))) missed.push(t(key));
      expect(missed, lang).toEqual([]);
    }
  });

  it('both faces have every character of the demo organisations (names, banks, holders, addresses)', async () => {
    const source = ['data.ts', 'details.ts']
      .map((f) => readFileSync(join('server/demo', f), 'utf8'))
      .join('');
    // Every character beyond ASCII the demo data writes (ASCII is in both faces).
    const demo = [...new Set(source)].filter((c) => (c.codePointAt(0) ?? 0) > 0x7f);
    expect(demo.length).toBeGreaterThan(300);
    for (const face of ['jp', 'sc'] as const) {
      const missed: string[] = [];
      for (const c of demo) if (!(await canDraw([face], c))) missed.push(c);
      expect(missed.join(''), face).toBe('');
    }
  });
});

describe('invoiceTax: tax once per invoice and rate', () => {
  const at10 = (...amounts: number[]) => amounts.map((amount) => ({ amount, ratePercent: 10 }));

  it('the worked example: 392 + 250 = 642 incl. tax, of which ⌊642 × 10 / 110⌋ = 58', () => {
    expect(invoiceTax(merchantInvoiceLines(392, 250))).toEqual([{ ratePercent: 10, total: 642, tax: 58 }]);
  });

  it('rounds the total once, not each line (per line: 35 + 22 = 57)', () => {
    expect(invoiceTax(at10(392, 250))[0].tax).toBe(58);
    const perLine = [392, 250].reduce((sum, a) => sum + Math.floor((a * 10) / 110), 0);
    expect(perLine).toBe(57);
  });

  it('rounds down: 109 → 9 (9.9…), 110 → 10, 11 → 1, 10 → 0', () => {
    expect(invoiceTax(at10(109))[0].tax).toBe(9);
    expect(invoiceTax(at10(110))[0].tax).toBe(10);
    expect(invoiceTax(at10(11))[0].tax).toBe(1);
    expect(invoiceTax(at10(10))[0].tax).toBe(0);
  });

  it('keeps each rate apart, highest first', () => {
    expect(invoiceTax([...at10(1100), { amount: 1080, ratePercent: 8 }, ...at10(550)])).toEqual([
      { ratePercent: 10, total: 1650, tax: 150 },
      { ratePercent: 8, total: 1080, tax: 80 },
    ]);
  });

  it('zero and no lines', () => {
    expect(invoiceTax(at10(0, 0))).toEqual([{ ratePercent: 10, total: 0, tax: 0 }]);
    expect(invoiceTax([])).toEqual([]);
  });

  it('a credit (refunds returned more) mirrors the charge: rounded toward zero', () => {
    expect(invoiceTax(at10(-642))).toEqual([{ ratePercent: 10, total: -642, tax: -58 }]);
    expect(invoiceTax(at10(392, -400))).toEqual([{ ratePercent: 10, total: -8, tax: 0 }]);
  });

  it('large amounts stay exact integers (no float on the way)', () => {
    const max = Number.MAX_SAFE_INTEGER; // 9,007,199,254,740,991
    // ⌊max × 10 / 110⌋ = ⌊max / 11⌋ = 818,836,295,885,544 (max × 10 alone is past 2^53).
    expect(invoiceTax(at10(max))).toEqual([{ ratePercent: 10, total: max, tax: 818_836_295_885_544 }]);
    expect(invoiceTax(at10(max - 1, -(max - 1), 1))).toEqual([{ ratePercent: 10, total: 1, tax: 0 }]);
    expect(() => invoiceTax(at10(max, 1))).toThrow(RangeError);
    expect(() => invoiceTax(at10(0.5))).toThrow(RangeError);
  });
});

describe('padGlyphs: subsets of the shipped fonts keep their outlines', () => {
  const require = createRequire(import.meta.url);
  const jp = readFileSync(
    require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
  );

  /** Each glyph of `text` through fontkit's subsetter and read back: its outline as SVG path data. */
  async function roundTrip(
    font: Uint8Array,
    text: string,
  ): Promise<{ original: string[]; subset: string[] }> {
    const parsed = fontkit.create(font);
    const glyphs = parsed.layout(text).glyphs;
    const subset = parsed.createSubset();
    const ids = glyphs.map((g) => subset.includeGlyph(g));
    const chunks: Uint8Array[] = [];
    await new Promise((done) =>
      subset
        .encodeStream()
        .on('data', (d) => chunks.push(d))
        .on('end', done),
    );
    const back = fontkit.create(Buffer.concat(chunks));
    const commands = (id: number) => {
      try {
        return back.getGlyph(id).path.toSVG();
      } catch {
        return 'unreadable'; // an outline read from the wrong bytes may not even decode
      }
    };
    return { original: glyphs.map((g) => g.path.toSVG()), subset: ids.map(commands) };
  }

  it('the font as shipped breaks in a subset (odd-length glyphs, short offsets); padded it does not', async () => {
    const text = '適格請求書 振込手数料 消費税';
    const shipped = await roundTrip(jp, text);
    expect(shipped.subset).not.toEqual(shipped.original);
    const padded = await roundTrip(padGlyphs(jp), text);
    expect(padded.subset).toEqual(padded.original);
  });

  it('changes nothing else: the same glyphs, metrics and characters', () => {
    const before = fontkit.create(jp);
    const after = fontkit.create(padGlyphs(jp));
    expect(after.numGlyphs).toBe(before.numGlyphs);
    expect(after.characterSet.length).toBe(before.characterSet.length);
    for (const cp of [0x7cbe, 0x3042, 0xff76, 0x41])
      expect(after.glyphForCodePoint(cp).advanceWidth).toBe(before.glyphForCodePoint(cp).advanceWidth);
    expect(padGlyphs(padGlyphs(jp)).length).toBe(padGlyphs(jp).length);
  });
});
