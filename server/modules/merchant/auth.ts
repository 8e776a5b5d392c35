import { createHmac } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ResultType } from '../../../src/contract/envelope';
import { MERCHANT_HEADERS, MERCHANT_WINDOW_SECONDS } from '../../../src/contract/merchant';
import { branchUnits, companies, merchantSignatures } from '../../db/schema';
import { safeEqualHex } from '../../connectors/sandbox';
import type { Deps } from '../../platform/deps';
import type { KeysUnder } from '../../../src/i18n';
import { ApiError } from '../../platform/envelope';
import { sha256 } from '../../platform/secrets';

const refuse = (key: KeysUnder<'server.merchant'>) =>
  new ApiError(ResultType.UNAUTHENCATED, `server.merchant.${key}`);

const hmac = (paySecret: string, text: string) =>
  createHmac('sha256', paySecret).update(text, 'utf8').digest('hex');

/**
 * A merchant request's signature: over the timestamp, the call's path (`/merchant/pay/close`,
 * without `/api` and the query) and the body, so a signature made for one call (a query) is
 * no signature for another (a close) with the same body.
 */
export const requestSignature = (paySecret: string, timestamp: string, path: string, body: string) =>
  hmac(paySecret, `${timestamp}\n${path}\n${body}`);

// A notification's signature (server → merchant) is made where notifications are sent:
// server/modules/notifications/http.ts.

/** The call's path as the merchant signs it: `/api/merchant/pay/create?x` → `/merchant/pay/create`. */
export const signedPath = (url: string) => url.split('?')[0].replace(/^\/api(?=\/)/, '');

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : '';
};

/**
 * The merchant API's authentication, before the input is read: the company by the SHA-256
 * of its access token (active), the signature over `timestamp \n path \n body` with its pay secret,
 * the timestamp within 5 minutes, and a signature never seen before (stored for the window).
 */
export async function authenticateMerchant(req: FastifyRequest, deps: Deps): Promise<void> {
  const token = header(req, MERCHANT_HEADERS.accessToken);
  const timestamp = header(req, MERCHANT_HEADERS.timestamp);
  const sign = header(req, MERCHANT_HEADERS.sign).toLowerCase();
  if (!token || !timestamp || !sign) throw refuse('missingHeaders');
  if (req.rawBody === undefined) throw refuse('jsonOnly');
  const [company] = await deps.db
    .select({
      id: companies.id,
      name: companies.name,
      status: companies.status,
      secret: companies.paySecretEnc,
    })
    .from(companies)
    .where(eq(companies.accessTokenHash, sha256(token)));
  if (!company || !company.secret || company.status !== 'active') throw refuse('badToken');
  const expected = requestSignature(
    deps.secrets.decrypt(company.secret),
    timestamp,
    signedPath(req.url),
    req.rawBody,
  );
  if (!/^[0-9a-f]{64}$/.test(sign) || !safeEqualHex(expected, sign)) throw refuse('badSignature');
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    Math.abs(Date.now() / 1000 - Number(timestamp)) > MERCHANT_WINDOW_SECONDS
  )
    throw refuse('staleTimestamp');
  // Forget signatures older than the window; a reused one inside it is a replay.
  await deps.db
    .delete(merchantSignatures)
    .where(lt(merchantSignatures.createdAt, new Date(Date.now() - 2 * MERCHANT_WINDOW_SECONDS * 1000)));
  const [fresh] = await deps.db
    .insert(merchantSignatures)
    .values({ companyId: company.id, signature: sign })
    .onConflictDoNothing()
    .returning({ s: merchantSignatures.signature });
  if (!fresh) throw refuse('replay');
  req.merchant = { companyId: company.id, companyName: company.name };
}

export const merchantOf = (req: FastifyRequest) => {
  if (!req.merchant) throw refuse('missingHeaders');
  return req.merchant;
};

export const branchOfCompany = async (deps: Deps, companyId: number, branchUnitId: number) => {
  const [b] = await deps.db
    .select({ id: branchUnits.id })
    .from(branchUnits)
    .where(and(eq(branchUnits.id, branchUnitId), eq(branchUnits.companyId, companyId)));
  return Boolean(b);
};
