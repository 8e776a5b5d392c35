import { describe, expect, it } from 'vitest';
import { PAY_BRANDS, SUB_BRANDS } from '../../src/contract/brands';
import { createTranslator } from '../../src/i18n';
import { brandCell, brandText, subBrandText } from '../../src/screens/orders/brandText';

const LANGS = ['ja', 'zh-cn', 'en'] as const;

describe('brands on the order screens', () => {
  it('names a link or pre-order order whose payer has not chosen a brand yet, in each language', () => {
    const said = LANGS.map((lang) => brandCell(createTranslator(lang), '', ''));
    expect(said).toEqual(['未選択', '未选择', 'Not chosen yet']);
    for (const lang of LANGS) expect(subBrandText(createTranslator(lang), '')).toBe('');
  });

  it('shows every brand and sub-brand by its name, never a catalogue key', () => {
    for (const lang of LANGS) {
      const t = createTranslator(lang);
      for (const brand of PAY_BRANDS)
        for (const sub of SUB_BRANDS[brand]) {
          const cell = brandCell(t, brand, sub);
          expect(cell).toBe(`${brandText(t, brand)} / ${subBrandText(t, sub)}`);
          expect(cell, `${lang} ${brand}/${sub}`).not.toMatch(/payments\.|undefined/);
        }
    }
    expect(brandCell(createTranslator('ja'), 'paypay', 'paypay')).toBe('PayPay / PayPay');
    expect(brandCell(createTranslator('en'), 'card', 'visa')).toBe('Credit card / Visa');
  });
});
