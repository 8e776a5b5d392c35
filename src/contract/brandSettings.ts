import { yup, message } from './validation';
import { id } from './fields';
import type { BrandReadiness } from './commission';
import {
  CONNECTOR_KINDS,
  PAY_BRANDS,
  SANDBOX_BEHAVIOURS,
  STATEMENT_INJECTIONS,
  injectionsOf,
  isPayBrand,
  type BrandSetting,
} from './brands';

/** /org/brandSetting/get: a company's connector per brand (every brand, defaults filled in). */
export const BrandSettingsQuery = yup.object({ companyId: id().required() }).noUnknown();

export const BrandSettingsSave = yup
  .object({
    companyId: id().required(),
    settings: yup
      .array(
        yup
          .object({
            brand: yup.string().required().oneOf(PAY_BRANDS),
            connector: yup.string().required().oneOf(CONNECTOR_KINDS),
            sandboxBehaviour: yup.string().required().oneOf(SANDBOX_BEHAVIOURS),
            // Optional for callers that predate it: 'none' (the brand's books as they are).
            statementInjection: yup
              .string()
              .oneOf(STATEMENT_INJECTIONS)
              .default('none')
              .test('layout', message('validation.oneOf'), function (v) {
                const brand: unknown = this.parent?.brand;
                return !v || !isPayBrand(brand) || injectionsOf(brand).includes(v);
              }),
          })
          .noUnknown(),
      )
      .required()
      .max(PAY_BRANDS.length)
      .test('unique', message('validation.duplicateEntry'), (list) => {
        // A null entry is refused by the entry's own schema; it names no brand here.
        const keys = (list ?? []).flatMap((s) => (s ? [s.brand] : []));
        return new Set(keys).size === keys.length;
      }),
  })
  .noUnknown();
export type BrandSettingsSave = yup.InferType<typeof BrandSettingsSave>;

export interface BrandSettings {
  companyId: number;
  settings: BrandSetting[];
  /** Whether the company can take payments through each brand: the commission rates it lacks. */
  readiness: BrandReadiness[];
}
