import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
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

/** The server's logging: Fastify's own two lines per request are replaced by installRequestLog's. */
export function loggingOptions(level: string, stream?: DestinationStream) {
  return {
    logger: loggerOptions(level, stream),
    logController: new LogController({ disableRequestLogging: true }),
  } satisfies FastifyServerOptions;
}

/**
 * One line per request, at debug: at info, two lines for every call flooded the terminal and
 * cost about a fifth of a cheap call's throughput. `KESSAI_LOG_LEVEL=debug` shows them;
 * refusals (info), failures (error) and the server's own events are logged as before.
 */
export function installRequestLog(app: FastifyInstance) {
  if (app.log.level !== 'debug' && app.log.level !== 'trace') return;
  app.addHook('onResponse', async (req, reply) => {
    req.log.debug(
      { req, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      'request completed',
    );
  });
}
