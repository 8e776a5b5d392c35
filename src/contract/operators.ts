import { yup, LIMITS, MOBILE, message, number } from './validation';
import { ALL_ROLES, type OperatorType } from './roles';
import { WORKING_LANGUAGES } from './locale';
import { email, id, optionalId, requiredText, text, type Status } from './fields';

const LOGIN_ID = /^[A-Za-z0-9._@-]+$/;

export { OperatorPageQuery } from './lists/operators';

/**
 * Create (no id) or edit an account. Organisation ids by the role's level: provider roles
 * a provider, company roles a company (and optionally a branch of it), agency roles an
 * agency; system roles none. The login id cannot change.
 */
export const OperatorSaveInput = yup
  .object({
    id: optionalId(),
    loginId: requiredText(LIMITS.loginId).matches(LOGIN_ID, { message: message('validation.loginIdChars') }),
    userName: requiredText(LIMITS.name),
    email: email().required(),
    mobile: text(LIMITS.mobile).test('mobile', message('validation.mobile'), (v) => !v || MOBILE.test(v)),
    title: text(LIMITS.name),
    operatorType: number().required().integer().oneOf(ALL_ROLES),
    workingLanguage: yup.string().oneOf(WORKING_LANGUAGES).default('jp'),
    serviceProviderId: optionalId(),
    companyId: optionalId(),
    branchUnitId: optionalId(),
    agentId: optionalId(),
  })
  .noUnknown();
export type OperatorSaveInput = yup.InferType<typeof OperatorSaveInput>;

/** /system/operator/delete: at least one row selected (spec point 5: 'Select data'). */
export const OperatorDeleteInput = yup
  .object({
    ids: yup
      .array(id().required())
      .required(message('validation.selectData'))
      .min(1, message('validation.selectData'))
      .max(100),
  })
  .noUnknown();
export type OperatorDeleteInput = yup.InferType<typeof OperatorDeleteInput>;

export interface OperatorRow {
  id: number;
  loginId: string;
  userName: string;
  email: string;
  mobile: string;
  title: string;
  operatorType: OperatorType;
  workingLanguage: string;
  status: Status;
  serviceProviderId: number | null;
  serviceProviderName: string | null;
  companyId: number | null;
  companyName: string | null;
  branchUnitId: number | null;
  branchUnitName: string | null;
  agentId: number | null;
  agentName: string | null;
  mustChangePassword: boolean;
  createdAt: string;
  updatedAt: string;
}

/** /system/operator/save reply: the account, and on creation its first password, shown once. */
export interface OperatorSaved {
  operator: OperatorRow;
  initialPassword: string | null;
}

/** /system/operator/password and refundPassword reply: the new secret, shown once. */
export interface PasswordReset {
  id: number;
  password: string;
}

export const operatorId = () => id().required();

/** /system/operator/delete: how many accounts were deleted. */
export interface OperatorsDeleted {
  deleted: number;
}

/** /system/operator/mfaReset: the account whose second factor was reset. */
export interface MfaReset {
  id: number;
}
