import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** The token and passwords never reach a log, wherever they appear. */
export const REDACT_PATHS = [
  'req.headers["x-submit-token"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'submitToken',
  '*.submitToken',
  'password',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.refundPassword',
  'token',
  '*.token',
];

/** The URL with the submitToken query parameter masked. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]submitToken=)[^&#]*/gi, '$1[redacted]');
}

interface RawRequest {
  method?: string;
  url?: string;
  ip?: string;
  id?: unknown;
  socket?: { remoteAddress?: string };
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: RawRequest) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
}
