import { yup } from './validation';
import { optionalId, requiredText } from './fields';

/**
 * /checkDataExist (spec point 5): acquirerId is a company's M-ID, phone a company's phone, mobile an account's mobile, serviceProviderName a provider's name, token
 * a company's access token, key a company's pay secret. `excludeId` skips the row being edited.
 */
export const CHECK_TYPES = ['acquirerId', 'phone', 'mobile', 'serviceProviderName', 'token', 'key'] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

export const CheckDataInput = yup
  .object({
    type: yup.string().required().oneOf(CHECK_TYPES),
    value: requiredText(500),
    excludeId: optionalId(),
  })
  .noUnknown();
export type CheckDataInput = yup.InferType<typeof CheckDataInput>;

export interface CheckDataReply {
  exists: boolean;
}
