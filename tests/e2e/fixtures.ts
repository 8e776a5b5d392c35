/**
 * The accounts of the browser tests. The server (tests/e2e/server.ts) seeds the 8 demo
 * accounts and adds these copies, so the tests that change state (passwords, lockout,
 * language, profile) never touch a demo account. A copy has the demo account's role,
 * organisations and password.
 */
import { DEMO_ACCOUNTS, DEMO_EXTRA_ACCOUNTS } from '../../server/demo/data';
import type { WorkingLanguage } from '../../src/contract/locale';

/** The demo password (KESSAI_DEMO_PASSWORD's default); every fixture starts with it. */
export const PASSWORD = 'kessai-demo-2026';
export const WRONG_PASSWORD = 'not-the-password-1';

/**
 * The TOTP secret every account of an MFA-required role (system, service provider) starts
 * enrolled with in the browser tests (tests/e2e/server.ts), except the `MFA_ENROL_ACCOUNTS`:
 * the login helpers compute its codes. The demo data itself leaves those accounts to enrol
 * at their first login.
 */
export const E2E_MFA_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';

/**
 * The e2e server's test-only helper (another port, never part of the app): it forgets the
 * time step an account's last code used, so a test may log in again within the same 30 s
 * (the server refuses a code's reuse; tests/server/mfa.test.ts proves it).
 */
export const mfaHelperPort = (port: number) => port + 2;

/** The fixed answer of every image of the captcha server (see captchaPort). */
export const CAPTCHA_ANSWER = 'K7PQ';

/** The e2e server also listens on PORT+1 with the captcha on (the production default). */
export const captchaPort = (port: number) => port + 1;

export type DemoLogin = (typeof DEMO_ACCOUNTS)[number]['loginId'];

export interface Fixture {
  loginId: string;
  /** The demo account whose role, organisations and password it copies. */
  like: DemoLogin;
  userName: string;
  /** The saved language it starts with (Japanese unless said). */
  workingLanguage?: WorkingLanguage;
}

const pool = (prefix: string, count: number, like: DemoLogin, name: string): Fixture[] =>
  Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return { loginId: `${prefix}${n}`, like, userName: `${name} ${n}` };
  });

/** One account per session path (a path may lock, revoke or re-language its account). */
export const SESSION_ACCOUNTS = pool('e2e-s-', 92, 'co-admin', 'E2E Session');
/** One account per password path that changes a password, plus spares for the follow-ups. */
export const PASSWORD_ACCOUNTS = pool('e2e-pw-', 8, 'co-admin', 'E2E Login PW');
export const REFUND_ACCOUNTS = pool('e2e-refund-', 8, 'co-admin', 'E2E Refund PW');
/**
 * refund.spec: one company admin per refund walk (wrong passwords count, five lock refunds for
 * 30 min); the covering set walks 12 of them (refund.model.ts refundWalks), spares for new ones.
 */
export const REFUND_PATH_ACCOUNTS = pool('e2e-rfp-', 16, 'co-admin', 'E2E Refund Path');
/**
 * refund.spec: the paths that end "sent for approval", as admins of 有限会社さくら薬局 (a company
 * no other browser test refunds in, so its approval threshold can be lowered for them).
 */
export const APPROVAL_PATH_ACCOUNTS = pool('e2e-rfa-', 4, 'yakkyoku-admin', 'E2E Approval Path');
/**
 * refundApproval.spec: one approver per walk of the refund approval machine (wrong passwords
 * lock); the covering set walks 10 (refundApproval.model.ts refundApprovalWalks), spares for new ones.
 */
export const APPROVER_PATH_ACCOUNTS = pool('e2e-apr-', 14, 'yakkyoku-admin', 'E2E Approver Path');
/**
 * root.spec: two company admins per walked path of the root actor: `alice` (2n), whose refund
 * password an administrator resets before the path, and `bob` (2n + 1), who need not change it.
 */
export const ROOT_PATH_ACCOUNTS = pool('e2e-root-', 30, 'co-admin', 'E2E Root Path');

/** secondFactor.spec: service-provider admins that enrol (one per enrolment path). */
export const MFA_ENROL_ACCOUNTS = pool('e2e-mfa-enrol-', 6, 'sp-admin', 'E2E MFA Enrol');
/**
 * a11y.spec: provider admins that are never enrolled (they only look at the enrolment form),
 * one per language, saved in it (a session cannot save a language before its second factor).
 */
export const A11Y_ENROL: readonly Fixture[] = (['jp', 'zh_cn', 'en'] as const).map((l) => ({
  loginId: `e2e-a11y-enrol-${l}`,
  like: 'sp-admin',
  userName: `E2E A11y Enrol ${l}`,
  workingLanguage: l,
}));
/** The accounts of an MFA-required role that start without a second factor. */
export const NOT_ENROLLED: readonly Fixture[] = [...MFA_ENROL_ACCOUNTS, ...A11Y_ENROL];
/** secondFactor.spec: enrolled service-provider admins (codes, recovery codes, lockout). */
export const MFA_VERIFY_ACCOUNTS = pool('e2e-mfa-verify-', 6, 'sp-admin', 'E2E MFA Verify');

export const FIXTURES = {
  /** lockout.spec: five wrong passwords. */
  lock: { loginId: 'e2e-lock', like: 'co-op', userName: 'E2E Lockout' },
  /** account.spec: profile edits (name, email, language). */
  profile: { loginId: 'e2e-profile', like: 'sp-op', userName: 'E2E Profile' },
  /** account.spec: its own login history. */
  history: { loginId: 'e2e-history', like: 'co-admin', userName: 'E2E History' },
  /** roles.spec: the redirect after login. */
  redirect: { loginId: 'e2e-redirect', like: 'co-admin', userName: 'E2E Redirect' },
  /** org.spec: the organisation screens as each administrator (copies, so no demo account logs in). */
  orgAdmin: { loginId: 'e2e-org-admin', like: 'admin', userName: 'E2E Org Admin' },
  orgSpAdmin: { loginId: 'e2e-org-sp-admin', like: 'sp-admin', userName: 'E2E Org SP Admin' },
  orgCoAdmin: { loginId: 'e2e-org-co-admin', like: 'co-admin', userName: 'E2E Org Company Admin' },
  /** tables.spec: widths, cards and the remembered choice of columns (per user). */
  tables: { loginId: 'e2e-tables', like: 'co-admin', userName: 'E2E Tables' },
  tablesAdmin: { loginId: 'e2e-tables-admin', like: 'admin', userName: 'E2E Tables Admin' },
  /** session.spec: the administrator who resets a session account's password (must-change paths). */
  sessionAdmin: { loginId: 'e2e-session-admin', like: 'admin', userName: 'E2E Session Admin' },
  /** org.spec: the company operator an administrator locks while it is signed in. */
  orgLocked: { loginId: 'e2e-org-locked', like: 'co-op', userName: 'E2E Org Locked' },
  /** refund.spec / export.spec: sets the company's sandbox behaviour per brand (admins only). */
  payAdmin: { loginId: 'e2e-pay-admin', like: 'admin', userName: 'E2E Payments Admin' },
  /** refund.spec: another company admin refunding the same order meanwhile (over the remainder). */
  payOther: { loginId: 'e2e-pay-other', like: 'co-admin', userName: 'E2E Payments Other' },
  /** payments-flow.spec: the whole payment flow as a company admin, one account per language. */
  flowJp: { loginId: 'e2e-flow-jp', like: 'co-admin', userName: 'E2E Flow JP' },
  flowZh: { loginId: 'e2e-flow-zh', like: 'co-admin', userName: 'E2E Flow ZH' },
  flowEn: { loginId: 'e2e-flow-en', like: 'co-admin', userName: 'E2E Flow EN' },
  /** words.spec: amounts, step buttons, sidebar labels and date filters in English and Chinese. */
  wordsEn: { loginId: 'e2e-words-en', like: 'co-admin', userName: 'E2E Words EN' },
  wordsZh: { loginId: 'e2e-words-zh', like: 'co-admin', userName: 'E2E Words ZH' },
  /** limits.spec: a URL payment above the company's link limit, one account per language. */
  limitsJp: { loginId: 'e2e-limits-jp', like: 'co-admin', userName: 'E2E Limits JP' },
  limitsZh: { loginId: 'e2e-limits-zh', like: 'co-admin', userName: 'E2E Limits ZH' },
  limitsEn: { loginId: 'e2e-limits-en', like: 'co-admin', userName: 'E2E Limits EN' },
  /** refundApproval.spec: the requester and the approver, admins of 有限会社さくら薬局. */
  approvalRequester: {
    loginId: 'e2e-approval-maker',
    like: 'yakkyoku-admin',
    userName: 'E2E Approval Maker',
  },
  approvalChecker: {
    loginId: 'e2e-approval-checker',
    like: 'yakkyoku-admin',
    userName: 'E2E Approval Checker',
  },
  /** secondFactor.spec: a company admin turns two-step verification on and off itself. */
  mfaOptional: { loginId: 'e2e-mfa-optional', like: 'co-admin', userName: 'E2E MFA Optional' },
  /** secondFactor.spec: a provider operator whose two-step verification an administrator resets. */
  mfaResetTarget: { loginId: 'e2e-mfa-reset', like: 'sp-op', userName: 'E2E MFA Reset' },
  /** dashboard.spec: the home dashboard against the history and its export, as each scope. */
  dashCoAdmin: { loginId: 'e2e-dash-co-admin', like: 'co-admin', userName: 'E2E Dashboard Company Admin' },
  dashAdmin: { loginId: 'e2e-dash-admin', like: 'admin', userName: 'E2E Dashboard Admin' },
  /** reports.spec: the summary list, its export, its links and its chart. */
  reportCoAdmin: { loginId: 'e2e-report-co-admin', like: 'co-admin', userName: 'E2E Report Company Admin' },
  /** a11y.spec: every screen a system administrator sees, in each language (saves its language). */
  a11yAdmin: { loginId: 'e2e-a11y-admin', like: 'admin', userName: 'E2E A11y Admin' },
  /** a11y.spec: the company admin's dialogs (refund, URL payment, pre-order), in each language. */
  a11yCoAdmin: { loginId: 'e2e-a11y-co-admin', like: 'co-admin', userName: 'E2E A11y Company Admin' },
} satisfies Record<string, Fixture>;

export const ALL_FIXTURES: readonly Fixture[] = [
  ...Object.values(FIXTURES),
  ...SESSION_ACCOUNTS,
  ...PASSWORD_ACCOUNTS,
  ...REFUND_ACCOUNTS,
  ...REFUND_PATH_ACCOUNTS,
  ...APPROVAL_PATH_ACCOUNTS,
  ...APPROVER_PATH_ACCOUNTS,
  ...ROOT_PATH_ACCOUNTS,
  ...MFA_ENROL_ACCOUNTS,
  ...A11Y_ENROL,
  ...MFA_VERIFY_ACCOUNTS,
];

export const demoAccount = (loginId: DemoLogin) => {
  // The extra accounts too: fixtures copy them (yakkyoku-admin for the approval paths).
  const a = [...DEMO_ACCOUNTS, ...DEMO_EXTRA_ACCOUNTS].find((d) => d.loginId === loginId);
  if (!a) throw new Error(`no demo account ${loginId}`);
  return a;
};

/** The role of a fixture (its demo account's). */
export const roleOf = (f: Fixture) => demoAccount(f.like).operatorType;
