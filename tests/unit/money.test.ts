import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider, translatorFor } from '../../src/app/i18n';
import { minorToInput, moneyIn, parseMoney, useMoney } from '../../src/components/money';
import { object, string, ValidationError } from 'yup';
import { paymentAmount } from '../../src/contract/limits';
import {
  currencyUnit,
  formatMoney,
  MAX_MINOR,
  MAX_PAYMENT_MINOR,
  moneyValue,
} from '../../src/contract/money';
import type { MessageRef } from '../../src/contract/validation';
import { createTranslator, renderMessage } from '../../src/i18n';
import type { WorkingLanguage } from '../../src/contract/locale';

describe('formatMoney: an amount as the reader language writes it', () => {
  it('Japanese keeps the spec symbols (円 after the number, $ € ₩ before it)', () => {
    expect(formatMoney(3980, 'JPY', 'ja')).toBe('3,980円');
    expect(formatMoney(3980, 'JPY')).toBe('3,980円');
    expect(formatMoney(100, 'CNY', 'jp')).toBe('1.00元');
    expect(formatMoney(123456, 'USD', 'ja')).toBe('$1,234.56');
    expect(formatMoney(5000, 'KRW', 'ja')).toBe('₩5,000');
    expect(formatMoney(-250, 'GBP', 'ja')).toBe('-£2.50');
  });

  it('English writes the symbol before the number, and tells the yuan from the yen', () => {
    expect(formatMoney(3980, 'JPY', 'en')).toBe('¥3,980');
    expect(formatMoney(100, 'CNY', 'en')).toBe('CN¥1.00');
    expect(formatMoney(123456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatMoney(123456, 'HKD', 'en')).toBe('HK$1,234.56');
    expect(formatMoney(5, 'EUR', 'en')).toBe('€0.05');
    expect(formatMoney(5000, 'KRW', 'en')).toBe('₩5,000');
    expect(formatMoney(-250, 'GBP', 'en')).toBe('-£2.50');
    expect(formatMoney(123456, 'SGD', 'en')).toBe('SGD\u00a01,234.56');
  });

  it('Chinese writes the currency name after the number (¥ is the yuan there)', () => {
    expect(formatMoney(3980, 'JPY', 'zh-cn')).toBe('3,980日元');
    expect(formatMoney(3980, 'JPY', 'zh_cn')).toBe('3,980日元');
    expect(formatMoney(100, 'CNY', 'zh-cn')).toBe('1.00人民币');
    expect(formatMoney(123456, 'USD', 'zh-cn')).toBe('1,234.56美元');
    expect(formatMoney(5000, 'KRW', 'zh-cn')).toBe('5,000韩元');
    expect(formatMoney(-250, 'GBP', 'zh-cn')).toBe('-2.50英镑');
  });

  it('keeps the exponent of the contract (JPY, KRW none, others two) and every digit of a large amount', () => {
    expect(formatMoney(1, 'JPY', 'en')).toBe('¥1');
    expect(formatMoney(99, 'MYR', 'zh-cn')).toBe('0.99马来西亚林吉特');
    expect(formatMoney(MAX_MINOR, 'USD', 'en')).toBe('$90,071,992,547,409.91');
    expect(formatMoney(String(MAX_MINOR), 'JPY', 'zh-cn')).toBe('9,007,199,254,740,991日元');
    expect(formatMoney(9_007_199_254_740_990n, 'JPY', 'en')).toBe('¥9,007,199,254,740,990');
  });

  it('an amount input shows the unit of the language: 円, JPY, 日元', () => {
    expect(currencyUnit('JPY', 'ja')).toBe('円');
    expect(currencyUnit('JPY', 'en')).toBe('JPY');
    expect(currencyUnit('JPY', 'zh-cn')).toBe('日元');
    expect(currencyUnit('USD', 'zh-cn')).toBe('美元');
  });

  it('the console formats in the language it speaks, from the hook or the translator', () => {
    const cases: [WorkingLanguage, string][] = [
      ['jp', '3,980円'],
      ['zh_cn', '3,980日元'],
      ['en', '¥3,980'],
    ];
    for (const [locale, text] of cases) {
      expect(moneyIn(translatorFor(locale))(3980, 'JPY')).toBe(text);
      const Probe = () => useMoney()(3980, 'JPY');
      const html = renderToStaticMarkup(
        createElement(I18nProvider, { locale, children: createElement(Probe) }),
      );
      expect(html).toBe(text);
    }
  });
});

describe('amounts inside messages: each reader sees them in their own language', () => {
  it('a payment over the maximum is refused with the maximum written as the form’s language writes it', async () => {
    const schema = object({ amount: paymentAmount(), currency: string().required() });
    const max = MAX_PAYMENT_MINOR.JPY;
    const error = await schema.validate({ amount: max + 1, currency: 'JPY' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const ref = (error as ValidationError).errors[0] as unknown as MessageRef;
    const written = (lang: 'ja' | 'en' | 'zh-cn') => renderMessage(createTranslator(lang), ref);
    expect(written('ja')).toContain(formatMoney(max, 'JPY', 'ja'));
    expect(written('en')).toContain(formatMoney(max, 'JPY', 'en'));
    expect(written('zh-cn')).toContain(formatMoney(max, 'JPY', 'zh-cn'));
    expect(written('en')).not.toContain('円');
  });

  it('a refused limit names its amounts in the caller’s language, the same refusal for everyone', () => {
    const values = { limit: moneyValue(300_000, 'JPY'), remaining: moneyValue(1234, 'USD') };
    expect(createTranslator('en')('server.limits.limitAll', values)).toContain('¥300,000');
    expect(createTranslator('ja')('server.limits.limitAll', values)).toContain('300,000円');
    expect(createTranslator('zh-cn')('server.limits.limitAll', values)).toContain('300,000日元');
    // Other values pass through as they are.
    expect(createTranslator('en')('validation.required', { field: '¥ 5' })).toContain('¥ 5');
  });
});

describe('money inputs (spec point 9)', () => {
  it('shows minor units in major units with the currency’s decimals', () => {
    expect(minorToInput(1234567, 'JPY')).toBe('1,234,567');
    expect(minorToInput(123456, 'USD')).toBe('1,234.56');
    expect(minorToInput(5, 'EUR')).toBe('0.05');
    expect(minorToInput(null, 'JPY')).toBe('');
  });
  it('reads typed amounts exactly, empty as no amount, anything else as not an amount', () => {
    expect(parseMoney('1,234.5', 'USD')).toBe(123450);
    expect(parseMoney('12,345', 'JPY')).toBe(12345);
    expect(parseMoney('  ', 'JPY')).toBeNull();
    expect(parseMoney('12.5', 'JPY')).toBeNaN();
    expect(parseMoney('1.234', 'USD')).toBeNaN();
    expect(parseMoney('-3', 'USD')).toBeNaN();
  });
});
