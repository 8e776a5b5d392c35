import { yup, LIMITS, MD5_HEX, message } from './validation';
import { WORKING_LANGUAGES, type WorkingLanguage } from './locale';
import type { OperatorType } from './roles';

export const CaptchaReply = yup.object({
  captchaId: yup.string().required(),
  image: yup.string().required(),
});
export type CaptchaReply = yup.InferType<typeof CaptchaReply>;

/** /login. `password` is the uppercase hex MD5 of what the user typed (spec point 5). */
export const LoginInput = yup
  .object({
    login_id: yup.string().trim().required().max(LIMITS.loginId),
    password: yup
      .string()
      .required()
      .matches(MD5_HEX, { message: message('validation.passwordDigest') }),
    verycode: yup.string().trim().max(10).default(''),
    captchaId: yup.string().max(64).default(''),
  })
  .noUnknown();
export type LoginInput = yup.InferType<typeof LoginInput>;

/** The user info the login reply carries as `result` (spec points 3 and 7). */
export interface UserInfo {
  operatorId: number;
  loginId: string;
  operatorType: OperatorType;
  workingLanguage: WorkingLanguage;
  userName: string;
  email: string;
  mobile: string;
  serviceProviderName: string | null;
  agentName: string | null;
  companyName: string | null;
  branchUnitName: string | null;
  /** Server idle timeout, so the console can warn shortly before it. */
  idleTimeoutSeconds: number;
  /** Set after an administrator's reset: the user must change it first. */
  mustChangePassword: boolean;
  /** Set after an administrator's refund password reset. */
  mustChangeRefundPassword?: boolean;
}

export const LanguageInput = yup
  .object({ workingLanguage: yup.string().required().oneOf(WORKING_LANGUAGES) })
  .noUnknown();
