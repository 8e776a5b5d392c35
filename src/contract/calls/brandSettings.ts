import { call, reply } from '../call';
import { BrandSettingsQuery, type BrandSettings, BrandSettingsSave } from '../brandSettings';

/** The brandSettings calls (docs/api.md). */
export const brandSettingsCalls = {
  get: call('/org/brandSetting/get', {
    access: '/setup/company',
    input: BrandSettingsQuery,
    reply: reply<BrandSettings>(),
  }),
  save: call('/org/brandSetting/save', {
    access: '/setup/company',
    input: BrandSettingsSave,
    reply: reply<BrandSettings>(),
    writes: true,
  }),
} as const;
