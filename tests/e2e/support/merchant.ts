import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { CompanySaved } from '../../../src/contract/orgCompany';
import { apiCall, type ApiSession } from './ui';

export interface MerchantCredentials {
  accessToken: string;
  paySecret: string;
}

/** New access token and pay secret for a company, as the admin regenerates them. */
export async function merchantCredentials(
  request: APIRequestContext,
  admin: ApiSession,
  companyId: number,
): Promise<MerchantCredentials> {
  const saved = await apiCall<CompanySaved>(request, admin.token, '/org/company/regenerateSecret', {
    id: companyId,
  });
  expect(saved.resultType, saved.resultMessage).toBe('SUCCESS');
  return saved.result.credentials!;
}

/** A request's signature: HMAC-SHA256 with the pay secret over `timestamp \n path \n body` (docs/merchant-api.md). */
export const merchantSign = (paySecret: string, timestamp: string, path: string, body: string) =>
  createHmac('sha256', paySecret).update(`${timestamp}\n${path}\n${body}`).digest('hex');

/** A notification's signature (gateway → merchant): over `timestamp \n body`. */
export const notificationSign = (paySecret: string, timestamp: string, body: string) =>
  createHmac('sha256', paySecret).update(`${timestamp}\n${body}`).digest('hex');

/** A merchant's signed call; its reply's result (the call must succeed). */
export async function merchantCall<T>(
  request: APIRequestContext,
  creds: MerchantCredentials,
  path: string,
  body: object,
) {
  const payload = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await request.post(`/api${path}`, {
    data: payload,
    headers: {
      'content-type': 'application/json',
      accesstoken: creds.accessToken,
      timestamp,
      sign: merchantSign(creds.paySecret, timestamp, path, payload),
    },
  });
  const reply = (await res.json()) as { resultType: string; resultMessage: string; result: T };
  expect(reply.resultType, `${path}: ${reply.resultMessage}`).toBe('SUCCESS');
  return reply.result;
}
