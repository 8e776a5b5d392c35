import { orgCalls } from '../contract/calls/org';
import type { BrandSettingsSave } from '../contract/brandSettings';
import { api } from './api';

/** A company's connector and sandbox behaviour per brand (every brand, defaults filled in). */
export const getBrandSettings = (companyId: number) =>
  api.call(orgCalls.brandSettingGet, { companyId }, { silent: true });

export const saveBrandSettings = (input: BrandSettingsSave) =>
  api.call(orgCalls.brandSettingSave, input, { silent: true });
