import type { BrandSettings, BrandSettingsSave } from '../contract/brandSettings';
import { api } from './api';

/** A company's connector and sandbox behaviour per brand (every brand, defaults filled in). */
export const getBrandSettings = (companyId: number) =>
  api.call<BrandSettings>('/org/brandSetting/get', { companyId }, { silent: true });

export const saveBrandSettings = (input: BrandSettingsSave) =>
  api.call<BrandSettings>('/org/brandSetting/save', input, { silent: true });
