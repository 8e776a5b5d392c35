import { LoginInput } from '../../contract/auth';
import { yup } from '../../contract/validation';

/**
 * The login form as a person fills it, from the contract's LoginInput: the password is typed
 * (the session's login actor hashes it), the verification code is required unless the server
 * said captcha is off (`context.captchaOff`).
 */
export const LoginForm = yup.object({
  login_id: LoginInput.fields.login_id as yup.StringSchema<string>,
  password: yup.string().required().max(64),
  verycode: (LoginInput.fields.verycode as yup.StringSchema<string>).when('$captchaOff', ([off], s) =>
    off ? s : s.required(),
  ),
});
export type LoginForm = yup.InferType<typeof LoginForm>;
