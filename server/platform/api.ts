import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import type { Call, InputOf, ReplyOf } from '../../src/contract/call';
import { ResultType } from '../../src/contract/envelope';
import type { WorkingLanguage } from '../../src/contract/locale';
import { ALL_ROUTE_PATHS, ALWAYS_ALLOWED_ROUTES, roleMayUse } from '../../src/contract/routes';
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
 * screen (a route path of the contract's menu table) in role_routes, within its role lists.
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

/** The reply's result: required when the call declares one, absent for a file or no result. */
type ResultOf<R> = [R] extends [never]
  ? { result?: undefined }
  : [R] extends [null]
    ? { result?: null }
    : { result: R };

export type CallReply<R> = ResultOf<R> & {
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
};

/** What a handler of the declaration `C` receives and must return. */
export type Handler<C extends Call> = (
  ctx: CallContext<InputOf<C>, C['access']>,
) => Promise<CallReply<ReplyOf<C>>>;

export interface ServerOptions {
  /** Runs before the input is read (a public call's own authentication, e.g. the merchant API). */
  authenticate?: (req: FastifyRequest, deps: Deps) => Promise<void>;
  /**
   * An upload call's own largest file (bytes), instead of UPLOAD_MAX_BYTES: the file is kept up
   * to one byte past it, the rest of a larger one only read past, so the call refuses it.
   */
  uploadMaxBytes?: number;
}

const EMPTY = yup.object({}).noUnknown();

/**
 * Registers the handlers of the contract's call declarations (src/contract/calls): path,
 * access, input schema, the flags and the reply type all come from the declaration, so the
 * handler's input and reply are typed by the one declaration the console calls through.
 */
export interface Api {
  readonly calls: readonly CallInfo[];
  call<const C extends Call>(decl: C, handler: Handler<C>): void;
  call<const C extends Call>(decl: C, opts: ServerOptions, handler: Handler<C>): void;
}

export function createApi(app: FastifyInstance, deps: Deps): Api {
  const calls: CallInfo[] = [];
  return {
    calls,
    call<const C extends Call>(decl: C, ...rest: [Handler<C>] | [ServerOptions, Handler<C>]) {
      const [opts, handler] = rest.length === 1 ? [{} as ServerOptions, rest[0]] : rest;
      const { path, access } = decl;
      const def = { ...decl, authenticate: opts.authenticate };
      if (access !== 'public' && access !== 'session' && !ALL_ROUTE_PATHS.includes(access)) {
        throw new Error(`call ${path}: access ${access} is not a route of the contract`);
      }
      if (calls.some((c) => c.path === path)) throw new Error(`call ${path} registered twice`);
      calls.push({
        path,
        access,
        input: decl.input,
        ownAuth: Boolean(def.authenticate),
        duringPasswordChange: decl.duringPasswordChange,
        duringSecondFactor: decl.duringSecondFactor,
        writes: decl.writes,
      });
      const schema = (decl.input ?? EMPTY) as AnyObjectSchema;
      /** The call needs a screen of role_routes (not one everybody keeps). */
      const routeAsked =
        access !== 'public' && access !== 'session' && !ALWAYS_ALLOWED_ROUTES.includes(access);

      const routeOptions = opts.uploadMaxBytes
        ? { config: { multipartOptions: { limits: { fileSize: opts.uploadMaxBytes + 1 } } } }
        : {};
      app.post(`/api${path}`, routeOptions, async (req: FastifyRequest, reply: FastifyReply) => {
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
          // Granted (role_routes) and within the role's lists: the rule of the menu list too.
          if (routeAsked && !(live.routeGranted && roleMayUse(access, principal.operatorType))) {
            await recordDenied(deps.db, actorOf(principal, req), 'call', path, ResultType.NO_ACCESS);
            throw new ApiError(ResultType.NO_ACCESS, 'server.noAccess');
          }
        }
        req.kessai = { lang, token: session?.token ?? '' };
        if (def.authenticate) await def.authenticate(req, deps);
        const t = translatorFor(lang);
        // The schema checked and cast it: it is the declaration's input.
        const input = (await inputOf(checked, t)) as InputOf<C>;
        const out = await handler({
          input,
          principal: principal as Authed<typeof access>,
          session: session as AuthedSession<typeof access>,
          lang,
          t,
          req,
          deps,
        } as CallContext<InputOf<C>, C['access']>);
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
