import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { MERCHANT_HEADERS } from '../../../src/contract/merchant';

/**
 * A notification's signature (server → merchant): HMAC-SHA256 with the pay secret over the
 * timestamp and the body (a merchant request's, server/modules/merchant/auth.ts, also covers the path).
 */
export const notificationSignature = (paySecret: string, timestamp: string, body: string) =>
  createHmac('sha256', paySecret).update(`${timestamp}\n${body}`, 'utf8').digest('hex');

/** How one try ended. `final`: trying again cannot help (a bad address). */
export type Delivery =
  { ok: true; httpStatus: number } | { ok: false; httpStatus: number | null; error: string; final: boolean };

const TIMEOUT_MS = 10_000;

/**
 * Addresses a notification may not reach unless private ones are allowed: loopback, the
 * private ranges, link-local (cloud metadata), carrier-grade NAT, unspecified, multicast.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class BlockedAddress extends Error {}

/**
 * Name resolution for the request itself, so the address checked is the address connected to
 * (a name cannot resolve to a public address for the check and a private one for the call).
 */
function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '');
      const allowed = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (allowed.length === 0)
        return callback(new BlockedAddress(`${hostname} is not a public address`), '');
      if (options.all) return callback(null, allowed);
      return callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

/**
 * POSTs a merchant notification: JSON, signed with the pay secret (HMAC-SHA256 over
 * `timestamp \n body`, headers `timestamp` and `sign`). Any 2xx is
 * an acknowledgement; anything else is tried again later.
 */
export function postSigned(
  url: string,
  body: string,
  paySecret: string,
  opts: { allowPrivate: boolean },
): Promise<Delivery> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve({ ok: false, httpStatus: null, error: 'not a valid address', final: true });
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.resolve({ ok: false, httpStatus: null, error: 'only http and https', final: true });
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !opts.allowPrivate && isPrivateAddress(host))
    return Promise.resolve({
      ok: false,
      httpStatus: null,
      error: `${host} is not a public address`,
      final: true,
    });

  const timestamp = String(Math.floor(Date.now() / 1000));
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        lookup: guardedLookup(opts.allowPrivate),
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Kessai-Notifier/1',
          [MERCHANT_HEADERS.timestamp]: timestamp,
          [MERCHANT_HEADERS.sign]: notificationSignature(paySecret, timestamp, body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () =>
          resolve(
            status >= 200 && status < 300
              ? { ok: true, httpStatus: status }
              : { ok: false, httpStatus: status, error: `HTTP ${status}`, final: false },
          ),
        );
        res.on('error', (err) =>
          resolve({ ok: false, httpStatus: status, error: err.message, final: false }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (err) =>
      resolve({
        ok: false,
        httpStatus: null,
        error: err.message || String(err),
        final: err instanceof BlockedAddress,
      }),
    );
    req.end(body);
  });
}
