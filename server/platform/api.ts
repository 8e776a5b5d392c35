import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyObjectSchema, InferType } from 'yup';
import { ResultType } from '../../src/contract/envelope';
import type { WorkingLanguage } from '../../src/contract/locale';
import { ALL_ROUTE_PATHS, ALWAYS_ALLOWED_ROUTES } from '../../src/contract/routes';
import { yup } from '../../src/contract/validation';
import type { MessageKey, Translate } from '../../src/i18n';
import type { Deps } from './deps';
import { actorOf, recordDenied } from './audit';
import { ApiError, envelope } from './envelope';
import { downloadHeaders, type FileDownload } from './exports';
import { languageFromHeader, translatorFor } from './i18n';
import type { Principal } from './principal';
import { resumeSession, tokenOf, type SessionInfo } from './session';
import { checkInput, inputOf, type CheckedInput } from './validate';

/**
 * Who may make a call: anybody, any live session, or a session whose role holds the given
 * screen (a route path of the contract's menu table) in role_routes.
 */
export type Access = 'public' | 'session' | (string & {});

export interface CallInfo {
  path: string;
  access: Access;
  /** The contract schema of the input (none: the call takes no parameters). */
  input: AnyObjectSchema | null;
  /** A public call with its own authentication (the merchant API's signature). */
  ownAuth: boolean;
  /** Open to a session that must change its login password first (see `duringPasswordChange`). */
  duringPasswordChange: boolean;
  /** Open to a session that still owes its second factor (see `duringSecondFactor`). */
  duringSecondFactor: boolean;
  /**
   * The call may change the gateway's records (anything but session bookkeeping), each change
   * with its audit row in the change's transaction. tests/server/auditAtomic.test.ts proves
   * the flag: every call without it changes nothing, every call with it audits each change.
   */
  writes: boolean;
}

type Authed<A> = A extends 'public' ? null : Principal;
type AuthedSession<A> = A extends 'public' ? null : SessionInfo;

export interface CallContext<I, A extends Access> {
  input: I;
  principal: Authed<A>;
  session: AuthedSession<A>;
  lang: WorkingLanguage;
  t: Translate;
  req: FastifyRequest;
  deps: Deps;
}

export interface CallReply<R> {
  result?: R;
  /** A new token (login, password change) or '' to tell the console its session ended. */
  submitToken?: string;
  menuMapList?: string[];
  /** i18n key of the success message; the default says OK. */
  messageKey?: MessageKey;
  messageValues?: Record<string, unknown>;
  /** The language the reply speaks when the call changed it (login, language switch). */
  lang?: WorkingLanguage;
  /**
   * A file instead of the envelope (exports, spec point 8): streamed with its name in
   * content-disposition. Refusals before it (access, validation) stay JSON envelopes.
   */
  file?: FileDownload;
}

const EMPTY = yup.object({}).noUnknown();

export interface Api {
  readonly calls: readonly CallInfo[];
  call<S extends AnyObjectSchema, A extends Access, R>(
    path: string,
    def: {
      access: A;
      input?: S;
      /** See CallInfo.writes. */
      writes?: boolean;
      /** Runs before the input is read (a public call's own authentication, e.g. the merchant API). */
      authenticate?: (req: FastifyRequest, deps: Deps) => Promise<void>;
      /**
       * The call stays open to a session whose account must change its login password
       * (PCI DSS 8.3.5): only the password change itself, the own info, keep-alive and logout.
       * Every other call refuses such a session with PASSWORD_CHANGE_REQUIRED.
       */
      duringPasswordChange?: true;
      /**
       * The call stays open to a session that still owes its second factor (PCI DSS 8.4):
       * the own info, keep-alive, logout and the MFA calls (each checks which state it serves).
       * Every other call refuses such a session with MFA_REQUIRED or MFA_ENROLMENT_REQUIRED,
       * before the password-change rule: the second factor comes first.
       */
      duringSecondFactor?: true;
    },
    handler: (ctx: CallContext<InferType<S>, A>) => Promise<CallReply<R>>,
  ): void;
}

export function createApi(app: FastifyInstance, deps: Deps): Api {
  const calls: CallInfo[] = [];
  return {
    calls,
    call(path, def, handler) {
      const { access } = def;
      if (access !== 'public' && access !== 'session' && !ALL_ROUTE_PATHS.includes(access)) {
        throw new Error(`call ${path}: access ${access} is not a route of the contract`);
      }
      if (calls.some((c) => c.path === path)) throw new Error(`call ${path} registered twice`);
      calls.push({
        path,
        access,
        input: def.input ?? null,
        ownAuth: Boolean(def.authenticate),
        duringPasswordChange: def.duringPasswordChange === true,
        duringSecondFactor: def.duringSecondFactor === true,
        writes: Boolean(def.writes),
      });
      const schema = (def.input ?? EMPTY) as AnyObjectSchema;
      /** The call needs a screen of role_routes (not one everybody keeps). */
      const routeAsked =
        access !== 'public' && access !== 'session' && !ALWAYS_ALLOWED_ROUTES.includes(access);

      app.post(`/api${path}`, async (req: FastifyRequest, reply: FastifyReply) => {
        // The input is checked while the session's statement is out at the database (the
        // check runs after this turn's statement has been sent: setImmediate); a refusal is
        // given only after the session and access checks, in the session's language.
        const checked = new Promise<CheckedInput<unknown>>((resolve, reject) =>
          setImmediate(() => checkInput(schema, req.body).then(resolve, reject)),
        );
        checked.catch(() => undefined); // awaited below, unless an earlier refusal ends the call
        let lang = languageFromHeader(req.headers['accept-language']);
        let principal: Principal | null = null;
        let session: SessionInfo | null = null;
        if (access !== 'public') {
          const token = tokenOf(req);
          // One statement answers both questions: is the session live, and does its role
          // hold the call's screen.
          const route = routeAsked ? access : '';
          const live = token ? await resumeSession(deps.db, deps.config, token, route) : null;
          if (!live) throw new ApiError(ResultType.UNAUTHENCATED, 'server.unauthenticated');
          ({ principal, session } = live);
          lang = principal.workingLanguage;
          // Refusals from here on speak the session's language and carry its token.
          req.kessai = { lang, token: session.token };
          if (session.secondFactor && !def.duringSecondFactor) {
            throw session.secondFactor === 'verify'
              ? new ApiError(ResultType.MFA_REQUIRED, 'server.mfaRequired')
              : new ApiError(ResultType.MFA_ENROLMENT_REQUIRED, 'server.mfaEnrolmentRequired');
          }
          if (principal.mustChangePassword && !def.duringPasswordChange) {
            throw new ApiError(ResultType.PASSWORD_CHANGE_REQUIRED, 'server.passwordChangeRequired');
          }
          if (routeAsked && !live.routeGranted) {
            await recordDenied(deps.db, actorOf(principal, req), 'call', path, ResultType.NO_ACCESS);
            throw new ApiError(ResultType.NO_ACCESS, 'server.noAccess');
          }
        }
        req.kessai = { lang, token: session?.token ?? '' };
        if (def.authenticate) await def.authenticate(req, deps);
        const t = translatorFor(lang);
        const input = (await inputOf(checked, t)) as InferType<typeof schema>;
        const out = await handler({
          input,
          principal: principal as Authed<typeof access>,
          session: session as AuthedSession<typeof access>,
          lang,
          t,
          req,
          deps,
        } as CallContext<InferType<typeof schema>, typeof access>);
        if (out.file) {
          const { body } = out.file;
          return reply
            .headers(downloadHeaders(out.file))
            .send(body instanceof Readable ? body : Readable.from(body));
        }
        const tf = translatorFor(out.lang ?? lang);
        return reply.send(
          envelope(ResultType.SUCCESS, tf(out.messageKey ?? 'server.ok', out.messageValues), {
            submitToken: out.submitToken ?? session?.token ?? '',
            result: out.result ?? null,
            ...(out.menuMapList ? { menuMapList: out.menuMapList } : {}),
          }),
        );
      });
    },
  };
}
