import type { WorkingLanguage } from '../../src/contract/locale';
import type { CallInfo } from './api';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the call wrapper: the reply's language and the caller's token (for error replies). */
    kessai?: { lang: WorkingLanguage; token: string };
  }
  interface FastifyInstance {
    /** Every registered /api call with its access (the authorisation-matrix test iterates it). */
    apiCalls: readonly CallInfo[];
  }
}
