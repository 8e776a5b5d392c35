import { textOr, type Translate } from '../../i18n/translator';

/**
 * A brand as the screens show it. A payment link's or pre-order's order has none until its
 * payer chooses one on the payer page (brand and sub-brand are empty until then).
 */
export const brandText = (t: Translate, brand: string): string =>
  brand ? textOr(t, `orders.brands.${brand}`, brand) : t('orders.brandNotChosen');

/** A sub-brand as the screens show it: nothing until the payer has chosen a brand. */
export const subBrandText = (t: Translate, subBrand: string): string =>
  subBrand ? textOr(t, `orders.subBrands.${subBrand}`, subBrand) : '';

/**
 * A payment's or refund's result as the reader reads it: what a known result code means, in
 * the reader's language; else the brand's own message as it came (or the bare code).
 */
export const resultText = (t: Translate, code: string, message: string): string =>
  code ? textOr(t, `orders.resultCode.${code}`, message || code) : message;

/** Brand and sub-brand in one cell of a list ("PayPay / PayPay"). */
export const brandCell = (t: Translate, brand: string, subBrand: string): string =>
  brand && subBrand ? `${brandText(t, brand)} / ${subBrandText(t, subBrand)}` : brandText(t, brand);
