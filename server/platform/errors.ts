import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultType } from '../../src/contract/envelope';
import { ApiError, envelope } from './envelope';
import { languageFromHeader, translatorFor } from './i18n';
import { isTooManyParameters } from './parsers';

const langOf = (req: FastifyRequest) =>
  req.kessai?.lang ?? languageFromHeader(req.headers['accept-language']);

export function sendApiError(req: FastifyRequest, reply: FastifyReply, err: ApiError) {
  const t = translatorFor(langOf(req));
  return reply.status(200).send(
    envelope(err.resultType, err.rendered ?? t(err.key, err.values), {
      submitToken: req.kessai?.token ?? '',
      result: err.result ?? null,
      ...(err.errors ? { errors: err.errors } : {}),
    }),
  );
}

/**
 * One place turns every failure into the envelope: refusals as they are, a client's
 * malformed request (bad JSON, wrong content type, too large) as INVALID 400/413, and
 * anything else as ERROR 500 with a request id; the stack goes only to the log.
 */
/**
 * A multipart body the parser (busboy) could not read — no boundary, cut off, a malformed part
 * header: the request is bad, not the server. Busboy's errors carry no status code.
 */
const BUSBOY_ERRORS =
  /^(Unexpected end of (form|file|multipart data)|Part terminated early|Boundary not found|Malformed (content type|part header)|Multipart: )/;
function isBrokenMultipart(req: FastifyRequest, error: Error): boolean {
  return /^multipart\//i.test(String(req.headers['content-type'] ?? '')) && BUSBOY_ERRORS.test(error.message);
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | ApiError, req, reply) => {
    if (error instanceof ApiError) return sendApiError(req, reply, error);
    const t = translatorFor(langOf(req));
    const status = error.statusCode ?? (isBrokenMultipart(req, error) ? 400 : 500);
    if (status >= 400 && status < 500) {
      req.log.info({ code: error.code, status }, 'client request refused');
      if (isTooManyParameters(error))
        return reply.status(413).send(envelope(ResultType.INVALID, t('server.tooManyParameters')));
      if (error.code === 'KESSAI_TOO_DEEP')
        return reply.status(400).send(envelope(ResultType.INVALID, t('server.tooDeep')));
      const tooLarge = status === 413;
      return reply
        .status(tooLarge ? 413 : 400)
        .send(envelope(ResultType.INVALID, t(tooLarge ? 'server.bodyTooLarge' : 'server.badRequest')));
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply
      .status(500)
      .send(
        envelope(ResultType.ERROR, t('server.error', { requestId: req.id }), { requestId: String(req.id) }),
      );
  });
}

export function notFoundEnvelope(req: FastifyRequest, reply: FastifyReply) {
  const t = translatorFor(langOf(req));
  return reply.status(404).send(envelope(ResultType.NOT_FOUND, t('server.notFound')));
}
