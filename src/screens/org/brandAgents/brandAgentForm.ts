import { PAY_BRANDS } from '../../../contract/brands';
import {
  BrandAgentSaveInput,
  BrandFeeEntry,
  type BrandAgentDetail,
  type BrandAgentRow,
} from '../../../contract/org';
import { yup } from '../../../contract/validation';
import { textOr, type Translate } from '../../../i18n/translator';
import { EMPTY_BANK } from '../../shared/bankForm';
import { filledRows, optionalRate } from '../../shared/rateGrid';

/**
 * The comprehensive agent's form: the contract's BrandAgentSaveInput with its brands as a grid,
 * one row per brand (src/screens/shared/rateGrid: an empty fee rate is a brand not served).
 */
export const BrandAgentForm = BrandAgentSaveInput.shape({
  brands: yup.array(BrandFeeEntry.shape({ feeRate: optionalRate() })).required(),
});
export type BrandAgentForm = yup.InferType<typeof BrandAgentForm>;

const brandGrid = (served: readonly { brand: string; feeRate: string }[] = []) =>
  PAY_BRANDS.map((brand) => ({ brand, feeRate: served.find((b) => b.brand === brand)?.feeRate ?? '' }));

export const EMPTY_BRAND_AGENT: BrandAgentForm = {
  id: null,
  name: '',
  nameEn: '',
  contactName: '',
  contactEmail: '',
  phone: '',
  address: '',
  ...EMPTY_BANK,
  statementPeriod: 'monthly',
  statementWeekday: null,
  brands: brandGrid(),
};

export function formOf(detail: BrandAgentDetail): BrandAgentForm {
  const { feeHistory: _h, status: _s, createdAt: _c, updatedAt: _u, brands, ...fields } = detail;
  return { ...fields, brands: brandGrid(brands) };
}

/** The brands to send (those with a fee rate), each with its row in the grid. */
export const servedRows = (form: BrandAgentForm) => filledRows(form.brands, (b) => b.feeRate);

/** "Monthly", or "Weekly (Friday)". */
export function statementPeriodText(
  t: Translate,
  r: Pick<BrandAgentRow, 'statementPeriod' | 'statementWeekday'>,
): string {
  const period = t(`org.checkoutPeriod.${r.statementPeriod}`);
  if (r.statementPeriod !== 'weekly' || r.statementWeekday === null) return period;
  const day = textOr(t, `org.weekday.${r.statementWeekday}`, String(r.statementWeekday));
  return t('org.brandAgent.weeklyOn', { day });
}
