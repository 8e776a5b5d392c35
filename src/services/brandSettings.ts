import { brandSettingsCalls } from '../contract/calls/brandSettings';
import type { BrandSettingsSave } from '../contract/brandSettings';
import { api } from './api';

/** A company's connector and sandbox behaviour per brand (every brand, defaults filled in). */
export const getBrandSettings = (companyId: number) =>
  api.call(brandSettingsCalls.get, { companyId }, { silent: true });

export const saveBrandSettings = (input: BrandSettingsSave) =>
  api.call(brandSettingsCalls.save, input, { silent: true });
