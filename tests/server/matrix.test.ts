import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_ROLES,
  isAdminRole,
  mfaRequiredFor,
  roleLevel,
  type OperatorType,
} from '../../src/contract/roles';
import { DEFAULT_ROLE_ROUTES } from '../../src/contract/routes';
import { can, type Capability } from '../../src/contract/capabilities';
import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Envelope } from '../../src/contract/envelope';
import {
  agents,
  brandAgents,
  branchUnits,
  companies,
  operators,
  orders,
  reconciliationResults,
  refunds,
} from '../../server/db/schema';
import type { Page } from '../../src/contract/envelope';
import type { LoginHistoryRow } from '../../src/contract/loginHistory';
import { businessToday, DEMO_PASSWORD, md5Upper, oneBackend, startHarness, type Harness } from './harness';
import { syntheticSettlement } from './settlements-support';
import { exceptionDay } from './reconciliation-support';
import { isBankBusinessDay } from '../../server/platform/bankDays';
import { activateAll, changedKeys, orgIds, ROLE_LOGINS, snapshot, type OrgIds } from './fixtures';

/**
 * The authorisation matrix: every registered call × each of the 8 roles × an object in the
 * role's own scope, in a sibling scope (same provider, or another branch of the company)
 * and in another tenant. Expected: the role's routes decide NO_ACCESS; operator-type roles
 * cannot write; objects outside the scope are NOT_FOUND; a refused call changes no row and
 * an accepted one changes only its object; no reply shows another tenant's organisations.
 * On one backend (harness `oneBackend`: PostgreSQL when TEST_DATABASE_URL names one, else
 * PGlite): who may call what is decided by the same queries on either engine, and the 2,300
 * calls took 52 s on PGlite beside 28 s on PostgreSQL.
 */

type ObjectType = 'provider' | 'company' | 'branch' | 'agent' | 'operator' | 'terminal' | 'order';
type Target = 'own' | 'sibling' | 'foreign';
type Outcome = 'SUCCESS' | 'NO_ACCESS' | 'NOT_FOUND' | 'FAIL' | 'UNAUTHENCATED' | 'INVALID';
type Level = ReturnType<typeof roleLevel>;

interface Entry {
  /** public: once without a session; self: the caller's own account; list: scoped lists; else an object type. */
  kind: 'public' | 'self' | 'list' | ObjectType;
  write?: boolean;
  input: (id: number) => unknown | Promise<unknown>;
  /** A fresh object for each case (delete). */
  fresh?: boolean;
  override?: (role: OperatorType, target: Target | null, generic: Outcome) => Outcome;
  /** The reply is a file (exports): success when it carries a file name, else the JSON envelope. */
  file?: 'csv' | 'xlsx';
}

/** The role has the capability (src/contract/capabilities.ts, the table the server refuses by). */
const may = (role: OperatorType, capability: Capability) => can({ operatorType: role }, capability);

/** Named objects per role level: [own (in scope), sibling, foreign]; system roles see all three. */
/** Orders are found through the branch targets (a paid order of that branch). */
const TARGETS: Record<
  Exclude<Level, 'system'> | 'system',
  Record<Exclude<ObjectType, 'order'>, [string, string, string]>
> = {
  system: {
    provider: ['Hokkaido Pay Network', 'Sakura Payment Services', 'Pacific Gateway Partners'],
    company: ['株式会社富士山ホテルズ', '有限会社さくら薬局', '株式会社みなと書店'],
    branch: ['株式会社富士山ホテルズ/箱根湯本', '有限会社さくら薬局/新宿西口店', '株式会社みなと書店/梅田店'],
    agent: ['Sapporo Biz Agents', 'Kanto Merchant Solutions', 'Kansai Retail Partners'],
    operator: ['sakura-op2', 'kansai-op', 'minato-op'],
    terminal: ['KS-003-001', 'KS-002-001', 'KS-004-001'],
  },
  serviceProvider: {
    provider: ['Sakura Payment Services', 'Hokkaido Pay Network', 'Pacific Gateway Partners'],
    company: ['株式会社富士山ホテルズ', '株式会社おたる硝子', '株式会社みなと書店'],
    branch: ['株式会社富士山ホテルズ/箱根湯本', '株式会社おたる硝子/小樽運河店', '株式会社みなと書店/梅田店'],
    agent: ['Kanto Merchant Solutions', 'Sapporo Biz Agents', 'Kansai Retail Partners'],
    operator: ['sakura-op2', 'hokkai-admin', 'minato-op'],
    terminal: ['KS-003-001', 'KS-007-001', 'KS-004-001'],
  },
  company: {
    provider: ['Sakura Payment Services', 'Hokkaido Pay Network', 'Pacific Gateway Partners'],
    company: ['株式会社ひのき珈琲', '有限会社さくら薬局', '株式会社みなと書店'],
    branch: ['株式会社ひのき珈琲/銀座店', '株式会社ひのき珈琲/渋谷店', '株式会社みなと書店/梅田店'],
    agent: ['Kanto Merchant Solutions', 'Sapporo Biz Agents', 'Kansai Retail Partners'],
    operator: ['hinoki-op2', 'yakkyoku-admin', 'minato-op'],
    terminal: ['KS-001-001', 'KS-001-002', 'KS-004-001'],
  },
  agent: {
    provider: ['Sakura Payment Services', 'Hokkaido Pay Network', 'Pacific Gateway Partners'],
    company: ['株式会社富士山ホテルズ', '有限会社さくら薬局', '株式会社みなと書店'],
    branch: ['株式会社富士山ホテルズ/箱根湯本', '有限会社さくら薬局/新宿西口店', '株式会社みなと書店/梅田店'],
    agent: ['Kanto Merchant Solutions', 'Sapporo Biz Agents', 'Kansai Retail Partners'],
    operator: ['kanto-op2', 'yakkyoku-admin', 'kansai-op'],
    terminal: ['KS-003-001', 'KS-002-001', 'KS-004-001'],
  },
};

/**
 * Whether the role's "own" object is in its scope. Company roles see no agencies; a company
 * operator sees only its branch (渋谷店 is its sibling) and its branch's accounts.
 */
function ownInScope(role: OperatorType, type: ObjectType): boolean {
  if (roleLevel(role) === 'company' && type === 'agent') return false;
  if (role === 30 && type === 'operator') return false;
  return true;
}

/**
 * Names a role must never see in a reply: organisations and accounts outside its scope (a
 * comprehensive agent is the platform's: outside every tenant's).
 */
const FORBIDDEN: Record<Level, string[]> = {
  system: [],
  serviceProvider: [
    'Pacific Gateway Partners',
    'Hokkaido Pay Network',
    '株式会社みなと書店',
    '株式会社北海物産',
    'minato-admin',
    'pg-admin',
    'hokkai-admin',
    'Matrix Brand Agent',
  ],
  company: [
    '有限会社さくら薬局',
    '株式会社富士山ホテルズ',
    '株式会社みなと書店',
    'Kansai Retail Partners',
    'yakkyoku-admin',
    'minato-admin',
    'sp-admin',
    'ag-admin',
    'Matrix Brand Agent',
  ],
  agent: [
    '有限会社さくら薬局',
    '株式会社みなと書店',
    'Kansai Retail Partners',
    'Pacific Gateway Partners',
    'yakkyoku-admin',
    'kansai-admin',
    'co-admin',
    'sp-admin',
    'Matrix Brand Agent',
  ],
};

describe.each(oneBackend)('authorisation matrix on $name', (backend) => {
  let h: Harness;
  let ids: OrgIds;
  const tokens = new Map<OperatorType, string>();
  let adminToken = '';
  let freshCount = 0;
  let brandAgentId = 0;

  const fetchAs = async <T>(path: string, body: unknown) => {
    const r = await h.call<T>(path, body, { token: adminToken });
    if (r.body.resultType !== 'SUCCESS') throw new Error(`${path}: ${r.body.resultMessage}`);
    return r.body.result!;
  };
  const strip = (o: Record<string, unknown>, keys: string[]) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

  const ENTRIES: Record<string, Entry> = {
    '/captcha': { kind: 'public', input: () => ({}) },
    '/login': {
      kind: 'public',
      input: () => ({ login_id: 'admin', password: md5Upper('wrong-password-1') }),
      override: () => 'FAIL',
    },
    '/logout': { kind: 'self', input: () => undefined },
    '/system/info': { kind: 'self', input: () => undefined },
    '/session/keepalive': { kind: 'self', input: () => undefined },
    // Every role's session here is fully signed in: nothing to verify.
    '/auth/mfa/verify': { kind: 'self', input: () => ({ otp: '123456' }), override: () => 'FAIL' },
    // The MFA-required roles are enrolled (the harness): only the others may start enrolling.
    '/auth/mfa/enrol/start': {
      kind: 'self',
      input: () => undefined,
      override: (role) => (mfaRequiredFor(role) ? 'FAIL' : 'SUCCESS'),
    },
    // Enrolled already, or a code of no authenticator.
    '/auth/mfa/enrol/confirm': { kind: 'self', input: () => ({ otp: '000000' }), override: () => 'FAIL' },
    // Required roles cannot turn it off, the others have not enrolled.
    '/system/mfa/disable': {
      kind: 'self',
      input: () => ({ password: md5Upper('not-the-password'), otp: '000000' }),
      override: () => 'FAIL',
    },
    // A wrong current password proves the call was let through and changes nothing: it is
    // refused at its field (INVALID at oldPassword) since the password rules became one source.
    '/system/password/save': {
      kind: 'self',
      input: () => ({
        oldPassword: md5Upper('not-the-password'),
        newPassword: 'Another-pass-123',
        confirmPassword: 'Another-pass-123',
      }),
      override: (_r, _t, g) => (g === 'SUCCESS' ? 'INVALID' : g),
    },
    '/system/refundPassword/save': {
      kind: 'self',
      input: () => ({
        oldPassword: md5Upper('not-the-password'),
        newPassword: 'Another-pass-123',
        confirmPassword: 'Another-pass-123',
      }),
      override: (_r, _t, g) => (g === 'SUCCESS' ? 'INVALID' : g),
    },
    '/system/profile/get': { kind: 'self', input: () => undefined },
    '/system/profile/save': {
      kind: 'self',
      input: () => ({
        userName: 'Matrix User',
        email: 'matrix@kessai.example',
        mobile: '',
        workingLanguage: 'jp',
      }),
    },
    '/system/profile/language': { kind: 'self', input: () => ({ workingLanguage: 'jp' }) },
    // Every role may search; the reply holds only the role's screens' kinds within its scope
    // (a name every demo company's begins with: each role sees its own companies, if any).
    '/search/global': { kind: 'list', input: () => ({ keyword: '株式会社' }) },
    '/system/operatorLoginHistory/page': {
      kind: 'list',
      input: () => {
        const day = businessToday();
        return { beginTime: day, endTime: day, pageSize: 100 };
      },
    },
    '/org/permission/page': { kind: 'list', input: () => ({}) },
    '/org/permission/get': { kind: 'list', input: () => ({ operatorType: 50 }) },
    '/org/permission/save': {
      kind: 'list',
      write: true,
      input: () => ({ operatorType: 50, routes: DEFAULT_ROLE_ROUTES[50] }),
    },
    '/checkDataExist': {
      kind: 'list',
      input: () => ({ type: 'serviceProviderName', value: 'Pacific Gateway Partners' }),
      override: (role, _t, g) => (g === 'SUCCESS' && !isAdminRole(role) ? 'NO_ACCESS' : g),
    },
    '/system/audit/page': {
      kind: 'list',
      input: () => {
        const day = businessToday();
        return { beginTime: day, endTime: day, pageSize: 5 };
      },
    },

    '/org/serviceProvider/page': { kind: 'list', input: () => ({ pageSize: 100 }) },
    '/org/serviceProvider/list': { kind: 'list', input: () => undefined },
    '/org/serviceProvider/get': { kind: 'provider', input: (id) => ({ id }) },
    '/org/serviceProvider/save': {
      kind: 'provider',
      write: true,
      input: async (id) =>
        strip(await fetchAs('/org/serviceProvider/get', { id }), [
          'status',
          'agentCount',
          'companyCount',
          'createdAt',
          'updatedAt',
        ]),
    },
    // Only the system locks providers; a provider's admin sees its own but may not lock it.
    '/org/serviceProvider/lock': {
      kind: 'provider',
      write: true,
      input: (id) => ({ id }),
      override: providerLock,
    },
    '/org/serviceProvider/unlock': {
      kind: 'provider',
      write: true,
      input: (id) => ({ id }),
      override: providerLock,
    },

    '/org/company/page': { kind: 'list', input: () => ({ pageSize: 100 }) },
    '/org/company/list': { kind: 'list', input: () => ({}) },
    '/org/company/get': { kind: 'company', input: (id) => ({ id }) },
    '/org/company/save': {
      kind: 'company',
      write: true,
      input: async (id) =>
        strip(await fetchAs('/org/company/get', { id }), [
          'serviceProviderName',
          'agentName',
          'accessToken',
          'paySecret',
          'status',
          'createdAt',
          'updatedAt',
        ]),
    },
    '/org/company/regenerateSecret': { kind: 'company', write: true, input: (id) => ({ id }) },
    '/org/company/lock': { kind: 'company', write: true, input: (id) => ({ id }) },
    '/org/company/unlock': { kind: 'company', write: true, input: (id) => ({ id }) },

    '/org/branchUnit/tree': { kind: 'list', input: () => undefined },
    '/org/branchUnit/page': { kind: 'list', input: () => ({ pageSize: 100 }) },
    '/org/branchUnit/get': { kind: 'branch', input: (id) => ({ id }), override: companyBranch },
    '/org/branchUnit/save': {
      kind: 'branch',
      write: true,
      override: companyBranch,
      input: async (id) =>
        strip(await fetchAs('/org/branchUnit/get', { id }), [
          'companyName',
          'status',
          'createdAt',
          'updatedAt',
        ]),
    },
    '/org/branchUnit/lock': { kind: 'branch', write: true, input: (id) => ({ id }), override: companyBranch },
    '/org/branchUnit/unlock': {
      kind: 'branch',
      write: true,
      input: (id) => ({ id }),
      override: companyBranch,
    },

    '/org/agent/page': { kind: 'list', input: () => ({ pageSize: 100 }) },
    '/org/agent/list': { kind: 'list', input: () => ({}) },
    '/org/agent/get': { kind: 'agent', input: (id) => ({ id }) },
    '/org/agent/save': {
      kind: 'agent',
      write: true,
      input: async (id) =>
        strip(await fetchAs('/org/agent/get', { id }), [
          'serviceProviderName',
          'status',
          'companyCount',
          'createdAt',
          'updatedAt',
        ]),
    },
    '/org/agent/lock': { kind: 'agent', write: true, input: (id) => ({ id }) },
    '/org/agent/unlock': { kind: 'agent', write: true, input: (id) => ({ id }) },

    // Comprehensive agents: the platform's own, outside every tenant. The screen is role 0's only
    // (the route decides NO_ACCESS for the others); the picker list is open to a session and
    // empty outside the system scope.
    '/org/brandAgent/page': { kind: 'list', input: () => ({ pageSize: 100 }) },
    '/org/brandAgent/list': { kind: 'list', input: () => undefined },
    '/org/brandAgent/get': { kind: 'list', input: () => ({ id: brandAgentId }) },
    '/org/brandAgent/save': {
      kind: 'list',
      write: true,
      input: async () => {
        const agent = await fetchAs<Record<string, unknown>>('/org/brandAgent/get', { id: brandAgentId });
        return {
          ...strip(agent, ['feeHistory', 'status', 'createdAt', 'updatedAt', 'brands']),
          brands: [],
        };
      },
    },
    '/org/brandAgent/lock': { kind: 'list', write: true, input: () => ({ id: brandAgentId }) },
    '/org/brandAgent/unlock': { kind: 'list', write: true, input: () => ({ id: brandAgentId }) },

    '/system/operator/page': { kind: 'list', input: () => ({ pageSize: 100 }) },
    '/system/operator/save': {
      kind: 'operator',
      write: true,
      input: async (id) => {
        const page = await fetchAs<{ records: Record<string, unknown>[] }>('/system/operator/page', {
          pageSize: 100,
        });
        const row = page.records.find((r) => r.id === id)!;
        const keep = [
          'id',
          'loginId',
          'userName',
          'email',
          'mobile',
          'title',
          'operatorType',
          'workingLanguage',
          'serviceProviderId',
          'companyId',
          'branchUnitId',
          'agentId',
        ];
        return Object.fromEntries(keep.map((k) => [k, row[k]]));
      },
    },
    '/system/operator/lock': { kind: 'operator', write: true, input: (id) => ({ id }) },
    '/system/operator/unlock': { kind: 'operator', write: true, input: (id) => ({ id }) },
    '/system/operator/delete': { kind: 'operator', write: true, fresh: true, input: (id) => ({ ids: [id] }) },
    '/system/operator/password': { kind: 'operator', write: true, input: (id) => ({ id }) },
    '/system/operator/mfaReset': { kind: 'operator', write: true, input: (id) => ({ id }) },
    '/system/operator/refundPassword': { kind: 'operator', write: true, input: (id) => ({ id }) },

    '/system/terminal/page': { kind: 'list', input: () => ({ pageSize: 100 }) },
    '/system/terminal/lock': { kind: 'terminal', write: true, input: (id) => ({ id }) },
    '/system/terminal/unlock': { kind: 'terminal', write: true, input: (id) => ({ id }) },

    '/history/orderInfo/page': { kind: 'list', input: () => ({ ...lastDays(31), pageSize: 100 }) },
    // Every role's home: figures and top organisations of its own scope only (FORBIDDEN names).
    '/report/reportDashBoard/index': { kind: 'list', input: () => ({ window: 'days30' }) },
    // The summary list: roles 0, 10, 15, 16, 20, 40, 50 (spec point 2), rows of their own scope only.
    '/report/reportList/list': { kind: 'list', input: () => ({ ...lastDays(75), pageSize: 100 }) },
    '/report/reportList/series': { kind: 'list', input: () => ({ ...lastDays(75), compare: true }) },
    // Scheduled reports: each account's own (operator-type roles too); another's id is NOT_FOUND.
    '/report/subscription/list': { kind: 'list', input: () => ({}) },
    '/report/subscription/save': {
      kind: 'list',
      write: true,
      input: () => ({ frequency: 'weekly', format: 'csv' }),
      override: (role) => (routeAllows(role, '/report') ? 'SUCCESS' : 'NO_ACCESS'),
    },
    '/report/subscription/delete': {
      kind: 'list',
      write: true,
      input: () => ({ id: 2_000_000_000 }),
      override: (role) => (routeAllows(role, '/report') ? 'NOT_FOUND' : 'NO_ACCESS'),
    },
    '/report/subscription/exportDelivery': {
      kind: 'list',
      file: 'csv',
      input: () => ({ id: 2_000_000_000 }),
      override: (role) => (routeAllows(role, '/report') ? 'NOT_FOUND' : 'NO_ACCESS'),
    },
    '/report/reportList/exportExcel': { kind: 'list', file: 'xlsx', input: () => lastDays(75) },
    '/report/reportList/exportCSVFile': { kind: 'list', file: 'csv', input: () => lastDays(75) },
    '/history/orderInfo/get': { kind: 'order', input: (id) => ({ id }), override: orderScope },
    '/history/orderInfo/getOrderSync': { kind: 'order', input: (id) => ({ id }), override: orderScope },
    // Refunds: system roles, a provider's admin and the company's roles, in scope (docs/access.md).
    '/pay/refund/refund': {
      kind: 'order',
      input: async (id) => ({
        gatewayOrderNo: (await h.db.select().from(orders).where(eq(orders.id, id)))[0].gatewayOrderNo,
        refundAmount: 1,
        refundPassword: md5Upper(DEMO_PASSWORD),
        remark: 'matrix',
      }),
      override: (role, target, g) => (may(role, 'refund') ? orderScope(role, target, g) : 'NO_ACCESS'),
    },
    '/history/refundInfo/page': { kind: 'list', input: () => ({ ...lastDays(31), pageSize: 100 }) },
    // Maker-checker: roles 0, 10, 15, 20 in scope (the system operator too, as for refunds).
    '/pay/refund/approvalList': { kind: 'list', input: () => ({}) },
    '/pay/refund/approve': {
      kind: 'order',
      write: true,
      input: async (id) => ({
        gatewayRefundNo: await awaitingRefundOf(id),
        refundPassword: md5Upper(DEMO_PASSWORD),
      }),
      override: approverScope,
    },
    '/pay/refund/reject': {
      kind: 'order',
      write: true,
      input: async (id) => ({ gatewayRefundNo: await awaitingRefundOf(id), reason: 'matrix' }),
      override: approverScope,
    },
    '/history/orderInfo/exportExcel': { kind: 'list', file: 'xlsx', input: () => lastDays(31) },
    '/history/orderInfo/exportCSVFile': { kind: 'list', file: 'csv', input: () => lastDays(31) },
    '/history/refundInfo/exportExcel': { kind: 'list', file: 'xlsx', input: () => lastDays(31) },
    '/history/refundInfo/exportCSVFile': { kind: 'list', file: 'csv', input: () => lastDays(31) },
    // The merchant API signs its requests (merchant.test.ts); unsigned, it reads nothing.
    '/merchant/pay/create': { kind: 'public', input: () => ({}), override: () => 'UNAUTHENCATED' },
    '/merchant/pay/query': { kind: 'public', input: () => ({}), override: () => 'UNAUTHENCATED' },
    '/merchant/pay/close': { kind: 'public', input: () => ({}), override: () => 'UNAUTHENCATED' },
    '/merchant/refund/refund': { kind: 'public', input: () => ({}), override: () => 'UNAUTHENCATED' },
    '/merchant/refund/query': { kind: 'public', input: () => ({}), override: () => 'UNAUTHENCATED' },
    '/history/orderInfo/getUrl': {
      kind: 'public',
      input: () => ({ clientOrderNo: 'x' }),
      override: () => 'UNAUTHENCATED',
    },
    // The payer page: public, by the gateway order number.
    '/pay/qrcode/get': { kind: 'public', input: () => ({ orderNo: 'K-none' }), override: () => 'NOT_FOUND' },
    '/pay/qrcode/decide': {
      kind: 'public',
      input: () => ({ orderNo: 'K-none', brand: 'paypay', action: 'cancel' }),
      override: () => 'NOT_FOUND',
    },

    // URL payments and pre-orders (spec point 2: roles 0, 10, 20; the system operator creates too).
    '/pay/pay/create': {
      kind: 'company',
      write: true,
      input: (id) => ({ companyId: id, amount: 1500, subject: 'matrix' }),
      override: linkWrite,
    },
    '/pay/pay/close': {
      kind: 'branch',
      write: true,
      input: async (id) => ({ gatewayOrderNo: await payLinkIn(id) }),
      override: (role, target, g) => companyBranch(role, target, linkWrite(role, target, g)),
    },
    // A file field that is not a file: refused as INVALID after access and placement are checked.
    '/pay/pay/uploadFile': {
      kind: 'company',
      write: true,
      input: (id) => ({ companyId: id, file: 'not a file' }),
      override: (role, target, g) => asInvalid(linkWrite(role, target, g)),
    },
    '/history/urlOrderPay/page': { kind: 'list', input: () => ({ ...lastDays(31), pageSize: 100 }) },
    '/history/preOrder/page': { kind: 'list', input: () => ({ ...lastDays(31), pageSize: 100 }) },
    '/history/preOrder/create': {
      kind: 'company',
      write: true,
      input: (id) => ({ companyId: id, orderAmount: 800 }),
      override: linkWrite,
    },
    '/history/preOrder/uploadFile': {
      kind: 'company',
      write: true,
      input: (id) => ({ companyId: id, file: 'not a file' }),
      override: (role, target, g) => asInvalid(linkWrite(role, target, g)),
    },
    '/history/preOrder/close': {
      kind: 'branch',
      write: true,
      input: async (id) => ({ gatewayPayNo: await preOrderIn(id) }),
      override: (role, target, g) => companyBranch(role, target, linkWrite(role, target, g)),
    },

    '/org/brandSetting/get': { kind: 'company', input: (id) => ({ companyId: id }) },
    '/org/refundApproval/get': { kind: 'company', input: (id) => ({ companyId: id }) },
    // Like brand connectors: system and provider admins only.
    '/org/refundApproval/save': {
      kind: 'company',
      write: true,
      input: (id) => ({ companyId: id, threshold: 100_000 }),
      override: (role, _t, g) => (g === 'SUCCESS' && roleLevel(role) === 'agent' ? 'NO_ACCESS' : g),
    },
    // Like commission rates: system and provider admins only (an agency admin sees, may not set).
    '/org/brandSetting/save': {
      kind: 'company',
      write: true,
      input: (id) => ({
        companyId: id,
        settings: [{ brand: 'card', connector: 'sandbox', sandboxBehaviour: 'normal' }],
      }),
      override: (role, _t, g) => (g === 'SUCCESS' && roleLevel(role) === 'agent' ? 'NO_ACCESS' : g),
    },
    // Settlements (docs/settlement.md): read by the routes' roles in scope (a provider its own
    // companies and agencies), paid out by 0, 10 and 15, batches reversed by 0 and 15; brands: 0 only.
    ...settlementEntries('merchant', '/history/platformCheckoutInfo', {
      excel: '/history/platformCheckoutInfo/export',
      csv: '/history/platformCheckoutInfo/exportCSVFile',
      lines: '/history/platformCheckoutInfo/exportNewDetail',
    }),
    '/history/platformCheckoutInfo/exportPlatformCheckoutInfo': {
      kind: 'company',
      file: 'csv',
      input: async (id) => ({ id: await syntheticSettlement(h.db, 'merchant', id) }),
    },
    ...settlementEntries('agent', '/history/agentCheckoutInfo', {
      excel: '/history/agentCheckoutInfo/exportAgentCheckoutInfo',
      csv: '/history/agentCheckoutInfo/exportAgentCheckoutInfoCSV',
      lines: '/history/agentCheckoutInfo/exportAgentDetail',
    }),
    // Brand transactions (docs/reconciliation.md): every role reads, rows within its scope.
    ...Object.fromEntries(
      ['walletTrade', 'paypayTrade'].flatMap((g): [string, Entry][] => [
        [`/history/${g}/page`, { kind: 'list', input: () => ({ ...lastDays(31), pageSize: 100 }) }],
        [`/history/${g}/export`, { kind: 'list', file: 'xlsx', input: () => lastDays(31) }],
        [`/history/${g}/exportCSV`, { kind: 'list', file: 'csv', input: () => lastDays(31) }],
      ]),
    ),
    '/history/brandCheckoutInfo/page': { kind: 'list', input: () => ({ ...lastDays(75), pageSize: 100 }) },
    '/history/brandCheckoutInfo/exportCheckoutInfo': {
      kind: 'list',
      file: 'xlsx',
      input: () => lastDays(75),
    },
    '/history/brandCheckoutInfo/exportCheckoutInfoCSV': {
      kind: 'list',
      file: 'csv',
      input: () => lastDays(75),
    },
    '/history/brandCheckoutInfo/parties': { kind: 'list', input: () => undefined },
    '/history/brandCheckoutInfo/totals': { kind: 'list', input: () => lastDays(75) },
    '/history/brandCheckoutInfo/get': { kind: 'list', input: async () => ({ id: await brandSettlement() }) },
    '/history/brandCheckoutInfo/lines': {
      kind: 'list',
      input: async () => ({ id: await brandSettlement(), type: 'order' }),
    },
    '/history/brandCheckoutInfo/exportDetail': {
      kind: 'list',
      file: 'xlsx',
      input: async () => ({ id: await brandSettlement() }),
    },
    // The settlement settings: the system admin alone (its route's roles, and the server's own check).
    ...importEntries('/history/walletCheck/import', 'wechat'),
    ...importEntries('/history/paypayCheck/import', 'paypay'),
    '/history/settlementSettings/get': { kind: 'list', input: () => undefined },
    '/history/settlementSettings/save': {
      kind: 'list',
      write: true,
      input: () => fetchAs('/history/settlementSettings/get', {}),
    },
    // Reconciliation results (docs/reconciliation.md): read by every role in scope; resolved by 0 and 10 only.
    ...reconEntries('/history/walletCheck', 'wechat'),
    ...reconEntries('/history/paypayCheck', 'paypay'),
    // Payouts (docs/reconciliation.md "Payouts"): the payment statement pages read by every role
    // (rows only for the platform's); fetching for the capability `fetchPayouts`; the payout check and the
    // bank deposits below the brand settlements (role 0).
    ...Object.fromEntries(
      ['walletBill', 'paypayBill'].flatMap((g): [string, Entry][] => [
        [`/history/${g}/page`, { kind: 'list', input: () => ({ ...lastDays(92), pageSize: 100 }) }],
        [`/history/${g}/exportExcel`, { kind: 'list', file: 'xlsx', input: () => lastDays(92) }],
        [`/history/${g}/exportCSVFile`, { kind: 'list', file: 'csv', input: () => lastDays(92) }],
        [
          `/history/${g}/fetch`,
          {
            kind: 'list',
            write: true,
            input: () => ({}),
            override: (role, _t, g2) =>
              may(role, 'fetchPayouts') ? 'SUCCESS' : g2 === 'SUCCESS' ? 'NO_ACCESS' : g2,
          },
        ],
      ]),
    ),
    '/settle/brand/payouts/page': { kind: 'list', input: () => ({ ...lastDays(92), pageSize: 100 }) },
    '/settle/brand/payouts/exportExcel': { kind: 'list', file: 'xlsx', input: () => lastDays(92) },
    '/settle/brand/payouts/exportCSVFile': { kind: 'list', file: 'csv', input: () => lastDays(92) },
    '/settle/brand/payouts/ofSettlement': {
      kind: 'list',
      input: async () => ({ id: await brandSettlement() }),
    },
    '/settle/brand/deposits/page': { kind: 'list', input: () => ({ ...lastDays(92), pageSize: 100 }) },
    '/settle/brand/deposits/exportExcel': { kind: 'list', file: 'xlsx', input: () => lastDays(92) },
    '/settle/brand/deposits/exportCSVFile': { kind: 'list', file: 'csv', input: () => lastDays(92) },
    '/settle/brand/deposits/upload': {
      kind: 'list',
      write: true,
      input: () => ({ file: 'not a file' }),
      override: (_role, _t, g) => asInvalid(g),
    },
    '/org/commissonRateConfig/get': { kind: 'company', input: (id) => ({ companyId: id }) },
    '/org/commissonRateConfig/saveCommissionRate': {
      kind: 'company',
      write: true,
      input: async (id) => {
        const cfg = await fetchAs<{ rates: Record<string, unknown>[]; rebates: Record<string, unknown>[] }>(
          '/org/commissonRateConfig/get',
          { companyId: id },
        );
        return {
          companyId: id,
          rates: cfg.rates.map((r) => ({
            brand: r.brand,
            channel: r.channel,
            rate: r.rate,
            remark: 'matrix',
          })),
          rebates: cfg.rebates.map((r) => ({ brand: r.brand, rate: r.rate })),
        };
      },
    },
  };

  /**
   * An export's reply: a file (content-disposition) is a success whose result is the file's
   * text (every cell), so the scope check below reads it; a refusal is the JSON envelope.
   */
  async function download(path: string, body: unknown, token: string, format: 'csv' | 'xlsx') {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api${path}`,
      headers: { 'x-submit-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    if (!res.headers['content-disposition']) return { body: res.json() as Envelope<unknown> };
    let text = res.rawPayload.toString('utf8');
    if (format === 'xlsx') {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      wb.worksheets[0].eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
      text = cells.join('\n');
    }
    return { body: { resultType: 'SUCCESS', resultMessage: '', submitToken: token, result: text } };
  }

  /** A company's admin sees the orders of every branch of the company (the sibling branch too). */
  function orderScope(role: OperatorType, target: Target | null, g: Outcome): Outcome {
    return role === 20 && target === 'sibling' && g === 'NOT_FOUND' ? 'SUCCESS' : g;
  }

  /** Approvers: the system operator decides like the admin (it may refund); a company admin its sibling branch. */
  function approverScope(role: OperatorType, target: Target | null, g: Outcome): Outcome {
    return role === 10 ? 'SUCCESS' : orderScope(role, target, g);
  }

  /**
   * A refund of 1 awaiting approval on the order, requested by nobody the matrix acts as
   * (written directly: the approval calls are under test, not the request).
   */
  let awaitingSeq = 0;
  async function awaitingRefundOf(orderId: number): Promise<string> {
    const [order] = await h.db.select().from(orders).where(eq(orders.id, orderId));
    awaitingSeq += 1;
    const gatewayRefundNo = `RFMATRIX${awaitingSeq}`;
    await h.db.insert(refunds).values({
      orderId,
      companyId: order.companyId,
      branchUnitId: order.branchUnitId,
      clientRefundNo: `matrix-approval-${awaitingSeq}`,
      gatewayRefundNo,
      amount: 1,
      currency: order.currency,
      status: 'awaitingApproval',
      source: 'console',
    });
    return gatewayRefundNo;
  }

  function lastDays(n: number) {
    const day = (d: number) =>
      new Date(Date.now() + 9 * 3_600_000 - d * 86_400_000).toISOString().slice(0, 10);
    return { beginTime: day(n - 1), endTime: day(0) };
  }

  /** The entries of a paid-out settlement kind (merchant: company targets, agent: agency targets). */
  function settlementEntries(
    kind: 'merchant' | 'agent',
    prefix: string,
    paths: { excel: string; csv: string; lines: string },
  ): Record<string, Entry> {
    const target = kind === 'merchant' ? 'company' : 'agent';
    const one = async (id: number) => ({ id: await syntheticSettlement(h.db, kind, id) });
    return {
      [`${prefix}/page`]: { kind: 'list', input: () => ({ ...lastDays(75), pageSize: 100 }) },
      [paths.excel]: { kind: 'list', file: 'xlsx', input: () => lastDays(75) },
      [paths.csv]: { kind: 'list', file: 'csv', input: () => lastDays(75) },
      [`${prefix}/parties`]: { kind: 'list', input: () => undefined },
      [`${prefix}/totals`]: { kind: 'list', input: () => lastDays(75) },
      [`${prefix}/get`]: { kind: target, input: one },
      [`${prefix}/lines`]: { kind: target, input: async (id) => ({ ...(await one(id)), type: 'refund' }) },
      [paths.lines]: { kind: target, file: 'xlsx', input: one },
      [`${prefix}/checkoutPreview`]: { kind: target, input: async (id) => ({ ids: [(await one(id)).id] }) },
      [`${prefix}/checkout`]: {
        kind: target,
        write: true,
        input: async (id) => ({
          ids: [(await one(id)).id],
          transferDate: nextBusinessDay(),
          refundPassword: md5Upper(DEMO_PASSWORD),
          batchKey: `matrix-${++batchSeq}-0123456789`,
        }),
        override: payOut,
      },
      [`${prefix}/batch/page`]: { kind: 'list', input: () => ({}) },
      [`${prefix}/batch/file`]: {
        kind: target,
        file: 'csv',
        input: async (id) => ({ id: await batchOf(kind, prefix, id), currency: 'JPY' }),
      },
      [`${prefix}/batch/remit`]: {
        kind: target,
        write: true,
        input: async (id) => ({ id: await batchOf(kind, prefix, id) }),
        override: payOut,
      },
      [`${prefix}/batch/reverse`]: {
        kind: target,
        write: true,
        input: async (id) => ({ id: await batchOf(kind, prefix, id), reason: 'matrix' }),
      },
    };
  }

  /**
   * The reconciliation calls of a check page: a reconciled day with exceptions of the three
   * demo companies the matrix names (made once); each resolve takes a fresh open exception.
   */
  function reconEntries(prefix: string, brand: 'wechat' | 'paypay'): Record<string, Entry> {
    const day = '2026-07-15';
    const period = { beginTime: '2026-07-01', endTime: '2026-07-31' };
    return {
      [`${prefix}/page`]: {
        kind: 'list',
        input: async () => (await reconDay(brand), { ...period, pageSize: 100 }),
      },
      [`${prefix}/exportExcel`]: {
        kind: 'list',
        file: 'xlsx',
        input: async () => (await reconDay(brand), period),
      },
      [`${prefix}/exportCSVFile`]: {
        kind: 'list',
        file: 'csv',
        input: async () => (await reconDay(brand), period),
      },
      [`${prefix}/results`]: {
        kind: 'list',
        input: async () => (await reconDay(brand), { brand, day, pageSize: 100 }),
      },
      [`${prefix}/runs`]: { kind: 'list', input: async () => (await reconDay(brand), { brand, day }) },
      [`${prefix}/resolve`]: {
        kind: 'list',
        write: true,
        input: async () => ({
          resultId: await openException(brand),
          decision: 'writeOff',
          comment: 'matrix',
        }),
        override: (role, _t, g) => (may(role, 'reconcile') ? 'SUCCESS' : g === 'SUCCESS' ? 'NO_ACCESS' : g),
      },
    };
  }

  const reconDays = new Map<string, Promise<number[]>>();
  /** The day's exceptions with an order, to resolve one by one. */
  function reconDay(brand: 'wechat' | 'paypay'): Promise<number[]> {
    if (!reconDays.has(brand))
      reconDays.set(
        brand,
        exceptionDay(h.db, {
          brand,
          day: '2026-07-15',
          companyIds: Array.from({ length: 8 }, (_, i) =>
            ids.company(['株式会社ひのき珈琲', '有限会社さくら薬局', '株式会社みなと書店'][i % 3]),
          ),
        }).then(async (d) =>
          (await h.db.select().from(reconciliationResults).where(eq(reconciliationResults.runId, d.runId)))
            .filter((r) => r.orderId !== null && r.code !== null && r.code !== 1)
            .map((r) => r.id),
        ),
      );
    return reconDays.get(brand)!;
  }
  async function openException(brand: 'wechat' | 'paypay'): Promise<number> {
    const left = await reconDay(brand);
    const id = left.shift();
    if (!id) throw new Error('no open exception left');
    return id;
  }

  /** Paying out: the system operator too (it may refund), within scope; a provider operator reads only. */
  function payOut(role: OperatorType, _target: Target | null, g: Outcome): Outcome {
    return role === 10 && g === 'NO_ACCESS' ? 'SUCCESS' : g;
  }

  let batchSeq = 0;
  /** A fresh payout batch of one new settlement of the party, checked out by the system admin. */
  async function batchOf(kind: 'merchant' | 'agent', prefix: string, partyId: number): Promise<number> {
    const done = await fetchAs<{ batch: { id: number } }>(`${prefix}/checkout`, {
      ids: [await syntheticSettlement(h.db, kind, partyId)],
      transferDate: nextBusinessDay(),
      refundPassword: md5Upper(DEMO_PASSWORD),
      batchKey: `matrix-${++batchSeq}-0123456789`,
    });
    return done.batch.id;
  }

  let brandSettlementId = 0;
  async function brandSettlement(): Promise<number> {
    if (brandSettlementId) return brandSettlementId;
    const [agent] = await h.db.select({ id: brandAgents.id }).from(brandAgents).limit(1);
    brandSettlementId = await syntheticSettlement(h.db, 'brand', agent.id);
    return brandSettlementId;
  }

  /** The next bank business day after today in Tokyo. */
  function nextBusinessDay(): string {
    let d = new Date(Date.now() + 9 * 3_600_000 + 86_400_000);
    while (!isBankBusinessDay(d.toISOString().slice(0, 10))) d = new Date(d.getTime() + 86_400_000);
    return d.toISOString().slice(0, 10);
  }

  /** A paid demo order of the branch with room left to refund (one per branch, for every role). */
  const orderOfBranch = new Map<number, number>();
  async function paidOrderIn(branchId: number): Promise<number> {
    const known = orderOfBranch.get(branchId);
    if (known) return known;
    const [row] = await h.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.branchUnitId, branchId), eq(orders.status, 'success'), sql`${orders.amount} >= 1000`),
      )
      .orderBy(desc(orders.amount))
      .limit(1);
    if (!row) throw new Error(`no paid demo order in branch ${branchId}`);
    orderOfBranch.set(branchId, row.id);
    return row.id;
  }

  /** The system operator (10) holds these screens and, unlike the organisation's writes, may create. */
  function linkWrite(role: OperatorType, _target: Target | null, g: Outcome): Outcome {
    return role === 10 && g === 'NO_ACCESS' ? 'SUCCESS' : g;
  }
  /**
   * A group's statement imports: only the system roles (the capability `reconcile`) import or read them,
   * whatever the route grants. A text that is not a file is refused, tomorrow's statement is not
   * ready, an import that does not exist is not found: nothing changes.
   */
  function importEntries(prefix: string, brand: string): Record<string, Entry> {
    const only = (ok: Outcome) => (role: OperatorType) => (may(role, 'reconcile') ? ok : 'NO_ACCESS');
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    return {
      [`${prefix}/upload`]: {
        kind: 'list',
        write: true,
        input: () => ({ file: 'not a file' }),
        override: only('INVALID'),
      },
      [`${prefix}/refetch`]: {
        kind: 'list',
        write: true,
        input: () => ({ brand, businessDay: tomorrow }),
        override: only('FAIL'),
      },
      [`${prefix}/get`]: { kind: 'list', input: () => ({ id: 99_999_999 }), override: only('NOT_FOUND') },
      [`${prefix}/page`]: { kind: 'list', input: () => ({}), override: only('SUCCESS') },
    };
  }

  const asInvalid = (g: Outcome): Outcome => (g === 'SUCCESS' ? 'INVALID' : g);

  /** A fresh unpaid URL payment / open pre-order in the branch (made by the admin), to close. */
  async function branchCompany(branchId: number): Promise<number> {
    const tree = await h.db
      .select({ companyId: branchUnits.companyId })
      .from(branchUnits)
      .where(eq(branchUnits.id, branchId));
    return tree[0].companyId;
  }
  async function payLinkIn(branchId: number): Promise<string> {
    const r = await fetchAs<{ gatewayOrderNo: string }>('/pay/pay/create', {
      companyId: await branchCompany(branchId),
      branchUnitId: branchId,
      amount: 1200,
      subject: 'matrix close',
    });
    return r.gatewayOrderNo;
  }
  async function preOrderIn(branchId: number): Promise<string> {
    const r = await fetchAs<{ gatewayPayNo: string }>('/history/preOrder/create', {
      companyId: await branchCompany(branchId),
      branchUnitId: branchId,
      orderAmount: 900,
    });
    return r.gatewayPayNo;
  }

  /** A company's admin manages every branch of its company (the sibling branch too). */
  function companyBranch(role: OperatorType, target: Target | null, g: Outcome): Outcome {
    return role === 20 && target === 'sibling' && g === 'NOT_FOUND' ? 'SUCCESS' : g;
  }

  function providerLock(role: OperatorType, _target: Target | null, g: Outcome): Outcome {
    return g === 'SUCCESS' && roleLevel(role) !== 'system' ? 'NO_ACCESS' : g;
  }

  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false });
    ids = await orgIds(h.db);
    // Accounts the matrix may lock, reset or delete without touching the 8 demo logins.
    await h.createOperator({
      loginId: 'sakura-op2',
      email: 'op2@sakura.example',
      operatorType: 16,
      serviceProviderId: ids.provider('Sakura Payment Services'),
    });
    await h.createOperator({
      loginId: 'hinoki-op2',
      email: 'op2@hinoki.example',
      operatorType: 30,
      serviceProviderId: ids.provider('Sakura Payment Services'),
      companyId: ids.company('株式会社ひのき珈琲'),
      branchUnitId: ids.branch('株式会社ひのき珈琲/渋谷店'),
    });
    await h.createOperator({
      loginId: 'kanto-op2',
      email: 'op2@kanto.example',
      operatorType: 50,
      serviceProviderId: ids.provider('Sakura Payment Services'),
      agentId: ids.agent('Kanto Merchant Solutions'),
    });
    ids = await orgIds(h.db);
    for (const role of ALL_ROLES) tokens.set(role, await h.token(ROLE_LOGINS[role]));
    adminToken = tokens.get(0)!;
    brandAgentId = (
      await fetchAs<{ id: number }>('/org/brandAgent/save', { name: 'Matrix Brand Agent', brands: [] })
    ).id;
    // Foreign accounts log in once, so login history has rows a role must not see.
    for (const login of ['minato-admin', 'kansai-admin', 'yakkyoku-admin', 'hokkai-admin', 'pg-admin'])
      await h.token(login);
  });
  afterAll(() => h?.close());

  const routeAllows = (role: OperatorType, access: string) =>
    access === 'public' || access === 'session' || DEFAULT_ROLE_ROUTES[role].includes(access);

  function generic(role: OperatorType, access: string, entry: Entry, target: Target | null): Outcome {
    if (!routeAllows(role, access)) return 'NO_ACCESS';
    if (entry.write && !isAdminRole(role)) return 'NO_ACCESS';
    if (target && entry.kind !== 'self' && entry.kind !== 'list' && entry.kind !== 'public') {
      const inScope = roleLevel(role) === 'system' || (target === 'own' && ownInScope(role, entry.kind));
      if (!inScope) return 'NOT_FOUND';
    }
    return 'SUCCESS';
  }

  function targetId(role: OperatorType, type: ObjectType, target: Target): number {
    const name =
      TARGETS[roleLevel(role)][type as Exclude<ObjectType, 'order'>][
        ['own', 'sibling', 'foreign'].indexOf(target)
      ];
    return ids[type === 'provider' ? 'provider' : (type as Exclude<ObjectType, 'order'>)](name);
  }

  /** A fresh copy of an account in the same place (for delete). */
  async function freshOperator(id: number): Promise<number> {
    const page = await fetchAs<{ records: Record<string, number | null>[] }>('/system/operator/page', {
      pageSize: 100,
    });
    const row = page.records.find((r) => r.id === id)!;
    freshCount += 1;
    return h.createOperator({
      loginId: `fresh-${freshCount}`,
      operatorType: row.operatorType as number,
      serviceProviderId: row.serviceProviderId,
      companyId: row.companyId,
      branchUnitId: row.branchUnitId,
      agentId: row.agentId,
    });
  }

  /** Keys a successful write may change: the object's row and its children. */
  function allowedKey(type: ObjectType, id: number, key: string, path: string): boolean {
    const table = {
      provider: 'service_providers',
      company: 'companies',
      branch: 'branch_units',
      agent: 'agents',
      operator: 'operators',
      terminal: 'terminals',
      order: 'orders',
    }[type];
    if (path.startsWith('/org/commissonRateConfig')) return key.startsWith(`companies:${id}:`);
    return key === `${table}:${id}` || key.startsWith(`${table}:${id}:`);
  }

  it('has an entry for every registered call, and none for calls that do not exist', () => {
    const registered = h.app.apiCalls.map((c) => c.path).sort();
    const missing = registered.filter((p) => !(p in ENTRIES));
    expect(missing, 'calls without a matrix entry').toEqual([]);
    expect(Object.keys(ENTRIES).filter((p) => !registered.includes(p))).toEqual([]);
  });

  it('gives every call × role × object the expected outcome and touches nothing outside it', async () => {
    const failures: string[] = [];
    let cases = 0;
    let current = await snapshot(h.db);
    for (const call of h.app.apiCalls) {
      const entry = ENTRIES[call.path];
      if (!entry) continue;
      if (entry.kind === 'public') {
        const r = await h.call(call.path, await entry.input(0));
        const want = entry.override?.(0, null, 'SUCCESS') ?? 'SUCCESS';
        cases += 1;
        if (r.body.resultType !== want) failures.push(`${call.path}: ${r.body.resultType} ≠ ${want}`);
        continue;
      }
      for (const role of ALL_ROLES) {
        const isObject = entry.kind !== 'self' && entry.kind !== 'list';
        const targets: (Target | null)[] = isObject ? ['own', 'sibling', 'foreign'] : [null];
        for (const target of targets) {
          cases += 1;
          const g = generic(role, call.access, entry, target);
          const want = entry.override?.(role, target, g) ?? g;
          let id =
            entry.kind === 'order'
              ? await paidOrderIn(targetId(role, 'branch', target!))
              : isObject
                ? targetId(role, entry.kind as ObjectType, target!)
                : 0;
          if (entry.fresh) {
            id = await freshOperator(id);
            current = await snapshot(h.db);
          }
          const body = await entry.input(id);
          let token = tokens.get(role)!;
          // Logging out ends the session: use a second one.
          if (call.path === '/logout') token = await h.token(ROLE_LOGINS[role]);
          const before = entry.write ? current : null;
          const r = entry.file
            ? await download(call.path, body, token, entry.file)
            : await h.call(call.path, body, { token });
          const label = `${call.path} role ${role} ${target ?? ''}`;
          if (r.body.resultType !== want) {
            failures.push(`${label}: ${r.body.resultType} ≠ ${want} (${r.body.resultMessage})`);
          }
          if (want !== 'SUCCESS' && r.body.result !== null && r.body.result !== undefined) {
            failures.push(`${label}: a refusal carried a result`);
          }
          if (before) {
            current = await snapshot(h.db);
            const changed = changedKeys(before, current);
            const stray =
              r.body.resultType === 'SUCCESS' && isObject
                ? changed.filter((k) => !allowedKey(entry.kind as ObjectType, id, k, call.path))
                : r.body.resultType === 'SUCCESS'
                  ? []
                  : changed;
            if (stray.length > 0) failures.push(`${label}: changed ${stray.join(', ')}`);
            if (await activateAll(h.db)) current = await snapshot(h.db);
          }
          if (r.body.resultType === 'SUCCESS') {
            const text = JSON.stringify(r.body.result);
            const seen = FORBIDDEN[roleLevel(role)].filter((name) => text.includes(name));
            if (seen.length > 0) failures.push(`${label}: reply shows ${seen.join(', ')}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(700);
  }, 240_000);

  /**
   * Login history follows the accounts' scope (docs/access.md): each role reads the attempts
   * of exactly the accounts it may see — a company operator its branch's, not its company
   * admin's or another branch's — and only system roles the attempts of unknown login ids.
   * The expected sets are derived here from the organisation columns, not from the server's
   * scope code.
   */
  it('shows each role the login history of exactly the accounts in its scope', async () => {
    const accounts = await h.db
      .select({
        loginId: operators.loginId,
        provider: operators.serviceProviderId,
        company: operators.companyId,
        branch: operators.branchUnitId,
        agent: operators.agentId,
      })
      .from(operators);
    const providerOfCompany = new Map(
      (await h.db.select({ id: companies.id, sp: companies.serviceProviderId }).from(companies)).map((c) => [
        c.id,
        c.sp,
      ]),
    );
    const providerOfAgent = new Map(
      (await h.db.select({ id: agents.id, sp: agents.serviceProviderId }).from(agents)).map((a) => [
        a.id,
        a.sp,
      ]),
    );
    type Account = (typeof accounts)[number];
    const sees = (role: OperatorType, me: Account, o: Account): boolean => {
      switch (roleLevel(role)) {
        case 'system':
          return true;
        case 'serviceProvider':
          return (
            o.provider === me.provider ||
            (o.company !== null && providerOfCompany.get(o.company) === me.provider) ||
            (o.agent !== null && providerOfAgent.get(o.agent) === me.provider)
          );
        case 'company':
          return o.company === me.company && (isAdminRole(role) || !me.branch || o.branch === me.branch);
        case 'agent':
          return o.agent === me.agent;
      }
    };
    // A failed attempt for every account and for a login id nobody has: each has a row today.
    for (const o of accounts) await h.login(o.loginId, 'not-the-password-1');
    await h.login('nobody-matrix', 'not-the-password-1');
    await activateAll(h.db);

    const day = businessToday();
    const failures: string[] = [];
    for (const role of ALL_ROLES) {
      const me = accounts.find((o) => o.loginId === ROLE_LOGINS[role])!;
      const want = new Set(accounts.filter((o) => sees(role, me, o)).map((o) => o.loginId));
      if (roleLevel(role) === 'system') want.add('nobody-matrix');
      const seen = new Set<string>();
      for (let pageNum = 1; ; pageNum++) {
        const r = await h.call<Page<LoginHistoryRow>>(
          '/system/operatorLoginHistory/page',
          { beginTime: day, endTime: day, success: '0', pageNum, pageSize: 100 },
          { token: tokens.get(role) },
        );
        expect(r.body.resultType, `role ${role}`).toBe('SUCCESS');
        r.body.result!.records.forEach((row) => seen.add(row.loginId));
        if (pageNum * 100 >= r.body.result!.total) break;
      }
      const extra = [...seen].filter((id) => !want.has(id));
      const missing = [...want].filter((id) => !seen.has(id));
      if (extra.length) failures.push(`role ${role} sees ${extra.sort().join(', ')}`);
      if (missing.length) failures.push(`role ${role} misses ${missing.sort().join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
