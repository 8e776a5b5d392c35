import type { WorkingLanguage } from '../../src/contract/locale';
import type { CallInfo } from './api';
import type { Deps } from './deps';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the call wrapper: the reply's language and the caller's token (for error replies). */
    kessai?: { lang: WorkingLanguage; token: string };
    /** The JSON body as received (merchant signatures, brand notifications). */
    rawBody?: string;
    /** The name of a multipart body's file, as the client sent it. */
    uploadFileName?: string;
    /** Set by the merchant authentication of a merchant API call. */
    merchant?: { companyId: number; companyName: string };
  }
  interface FastifyInstance {
    /** Every registered /api call with its access (the authorisation-matrix test iterates it). */
    apiCalls: readonly CallInfo[];
    /** The app's dependencies (tests wait for the sandbox's notifications through it). */
    deps(): Deps;
  }
}
