import { COMPANY_SECRET_FIELDS, type CompanyDetail, type CompanySaveInput } from '../../../src/contract/org';
import { isMasked } from '../../../src/contract/fields';

import type { companies } from '../../db/schema';
import { MASK } from '../../platform/audit';
import { randomToken, sha256, type SecretBox } from '../../platform/secrets';

type CompanyRecord = typeof companies.$inferSelect;
type CompanyValues = Partial<typeof companies.$inferInsert>;

/** The encrypted column of each channel secret of the contract. */
const SECRET_COLUMN = {
  chinaPayToken: 'chinaPayTokenEnc',
  chinaPaySecretKey: 'chinaPaySecretKeyEnc',
  paypayAuthToken: 'paypayAuthTokenEnc',
  paypayKey: 'paypayKeyEnc',
} as const;

/** ••••1234 from an encrypted value ('' for none); a value the key cannot open shows the mask alone. */
export function maskedSecret(box: SecretBox, stored: string | null): string {
  if (!stored) return '';
  try {
    return MASK + box.decrypt(stored).slice(-4);
  } catch {
    return MASK;
  }
}

/** The reply shape: every field, secrets masked. Enumerated columns hold only what the schema allowed. */
export function toCompanyDetail(
  box: SecretBox,
  r: CompanyRecord,
  names: { serviceProviderName: string; agentName: string | null },
): CompanyDetail {
  const {
    accessTokenHash: _h,
    accessTokenHint,
    paySecretEnc,
    paySecretHash: _p,
    chinaPayTokenEnc,
    chinaPaySecretKeyEnc,
    paypayAuthTokenEnc,
    paypayKeyEnc,
    // Its own call (/org/refundApproval/*), saved by fewer roles than the company.
    refundApprovalThreshold: _t,
    ...plain
  } = r;
  return {
    ...plain,
    ...names,
    ubos: plain.ubos as CompanyDetail['ubos'],
    accessToken: accessTokenHint ? MASK + accessTokenHint : '',
    paySecret: maskedSecret(box, paySecretEnc),
    chinaPayToken: maskedSecret(box, chinaPayTokenEnc),
    chinaPaySecretKey: maskedSecret(box, chinaPaySecretKeyEnc),
    paypayAuthToken: maskedSecret(box, paypayAuthTokenEnc),
    paypayKey: maskedSecret(box, paypayKeyEnc),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  } as CompanyDetail;
}

/**
 * Column values from a save: channel secrets encrypted; a masked value keeps what is stored,
 * '' clears it.
 */
export function companyValues(box: SecretBox, input: CompanySaveInput): CompanyValues {
  const { id: _id, ...rest } = input;
  const values: CompanyValues = { ...rest };
  for (const field of COMPANY_SECRET_FIELDS) {
    delete (values as Record<string, unknown>)[field];
    const v = input[field];
    if (isMasked(v)) continue;
    values[SECRET_COLUMN[field]] = v === '' ? '' : box.encrypt(v);
  }
  return values;
}

/** A new access token and pay secret: the plain values (shown once) and what is stored. */
export function newCredentials(box: SecretBox) {
  const accessToken = `at_${randomToken(24)}`;
  const paySecret = randomToken(32);
  return {
    plain: { accessToken, paySecret },
    stored: {
      accessTokenHash: sha256(accessToken),
      accessTokenHint: accessToken.slice(-4),
      paySecretEnc: box.encrypt(paySecret),
      paySecretHash: sha256(paySecret),
    },
  };
}
