import { LIMITS, MOBILE, message, yup, number } from './validation';

/** Field builders shared by the organisation schemas: trimmed, bounded, '' when absent. */
export const text = (max: number) => yup.string().trim().max(max).default('');
export const requiredText = (max: number) => yup.string().trim().required().max(max);

export const email = () => text(LIMITS.email).email();
export const url = () =>
  text(255).test('url', message('validation.url'), (v) => !v || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v));
/** Phone and fax: digits with optional leading + and hyphens (same shape as a mobile). */
export const phone = () =>
  text(LIMITS.mobile).test('phone', message('validation.phone'), (v) => !v || MOBILE.test(v));

export const MAX_ID = 2_147_483_647;
export const id = () => number().integer().min(1).max(MAX_ID);
export const optionalId = () =>
  id()
    .nullable()
    .default(null)
    .transform((v, orig) => (orig === '' ? null : v));
/** Money in integer minor units; JPY and KRW have none below 1. */
export const money = () => number().integer().min(0).max(Number.MAX_SAFE_INTEGER);
export const optionalMoney = () =>
  money()
    .nullable()
    .default(null)
    .transform((v, orig) => (orig === '' ? null : v));
/** A status filter: '' all, or one state. */

export const STATUSES = ['active', 'locked'] as const;
export type Status = (typeof STATUSES)[number];

/** lock, unlock, get: one object by id. */
export const IdInput = yup.object({ id: id().required() }).noUnknown();
export type IdInput = yup.InferType<typeof IdInput>;

/** Masked secrets as replies show them: the mask and the last 4 characters. */
export const SECRET_MASK = '••••';
export const isMasked = (v: string) => v.startsWith(SECRET_MASK);

/** A lock or unlock: the object and its status now. */
export interface StatusChanged {
  id: number;
  status: Status;
}
