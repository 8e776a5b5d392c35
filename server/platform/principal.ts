import { passwordPolicy } from '../../src/contract/passwords';
import { eq, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import { isOperatorType, mfaRequiredFor, type OperatorType } from '../../src/contract/roles';
import { isWorkingLanguage, DEFAULT_LANGUAGE, type WorkingLanguage } from '../../src/contract/locale';
import type { SecondFactor, UserInfo } from '../../src/contract/auth';
import type { Executor } from '../db/client';
import { agents, branchUnits, companies, operators, serviceProviders } from '../db/schema';

/** The account behind a call, with the names and states of the organisations it belongs to. */
export interface Principal {
  operatorId: number;
  loginId: string;
  operatorType: OperatorType;
  workingLanguage: WorkingLanguage;
  userName: string;
  email: string;
  mobile: string;
  status: string;
  serviceProviderId: number | null;
  agentId: number | null;
  companyId: number | null;
  branchUnitId: number | null;
  serviceProviderName: string | null;
  agentName: string | null;
  companyName: string | null;
  branchUnitName: string | null;
  /** Any organisation the account belongs to is locked. */
  organisationLocked: boolean;
  mustChangePassword: boolean;
  mustChangeRefundPassword: boolean;
  /** An authenticator is enrolled (operators.mfa_enrolled_at). */
  mfaEnrolled: boolean;
}

const sp = alias(serviceProviders, 'sp');
const ag = alias(agents, 'ag');
const co = alias(companies, 'co');
const br = alias(branchUnits, 'br');

export const principalColumns = {
  operatorId: operators.id,
  loginId: operators.loginId,
  operatorType: operators.operatorType,
  workingLanguage: operators.workingLanguage,
  userName: operators.userName,
  email: operators.email,
  mobile: operators.mobile,
  status: operators.status,
  serviceProviderId: operators.serviceProviderId,
  agentId: operators.agentId,
  companyId: operators.companyId,
  branchUnitId: operators.branchUnitId,
  serviceProviderName: sp.name,
  agentName: ag.name,
  companyName: co.name,
  branchUnitName: br.name,
  spStatus: sp.status,
  agStatus: ag.status,
  coStatus: co.status,
  brStatus: br.status,
  mustChangePassword: operators.mustChangePassword,
  mustChangeRefundPassword: operators.mustChangeRefundPassword,
  mfaEnrolledAt: operators.mfaEnrolledAt,
};

type PrincipalRow = {
  [K in keyof typeof principalColumns]: (typeof principalColumns)[K]['_']['data'] | null;
};

/** The operator joined to its organisations; extra columns may be selected beside it. */
export function selectPrincipal<E extends SelectedFields>(db: Executor, extra: E) {
  return db
    .select({ ...principalColumns, ...extra })
    .from(operators)
    .leftJoin(sp, eq(sp.id, operators.serviceProviderId))
    .leftJoin(ag, eq(ag.id, operators.agentId))
    .leftJoin(co, eq(co.id, operators.companyId))
    .leftJoin(br, eq(br.id, operators.branchUnitId));
}

export function toPrincipal(row: PrincipalRow): Principal {
  const operatorType = Number(row.operatorType);
  if (!isOperatorType(operatorType))
    throw new Error(`operator ${row.operatorId} has unknown type ${operatorType}`);
  const lang = row.workingLanguage;
  return {
    operatorId: Number(row.operatorId),
    loginId: String(row.loginId),
    operatorType,
    workingLanguage: isWorkingLanguage(lang) ? lang : DEFAULT_LANGUAGE,
    userName: row.userName ?? '',
    email: row.email ?? '',
    mobile: row.mobile ?? '',
    status: row.status ?? 'active',
    serviceProviderId: row.serviceProviderId,
    agentId: row.agentId,
    companyId: row.companyId,
    branchUnitId: row.branchUnitId,
    serviceProviderName: row.serviceProviderName,
    agentName: row.agentName,
    companyName: row.companyName,
    branchUnitName: row.branchUnitName,
    organisationLocked: [row.spStatus, row.agStatus, row.coStatus, row.brStatus].some((s) => s === 'locked'),
    mustChangePassword: Boolean(row.mustChangePassword),
    mustChangeRefundPassword: Boolean(row.mustChangeRefundPassword),
    mfaEnrolled: row.mfaEnrolledAt !== null,
  };
}

export async function findPrincipal(db: Executor, where: SQL): Promise<Principal | null> {
  const [row] = await selectPrincipal(db, {}).where(where).limit(1);
  return row ? toPrincipal(row) : null;
}

/** The user info of a session (`secondFactor`: what the session still owes, see sessions.second_factor). */
export function userInfoOf(
  p: Principal,
  config: { sessionIdleMinutes: number; passwordMinLength: number },
  secondFactor: SecondFactor | null,
): UserInfo {
  return {
    operatorId: p.operatorId,
    loginId: p.loginId,
    operatorType: p.operatorType,
    workingLanguage: p.workingLanguage,
    userName: p.userName,
    email: p.email,
    mobile: p.mobile,
    serviceProviderName: p.serviceProviderName,
    agentName: p.agentName,
    companyName: p.companyName,
    branchUnitName: p.branchUnitName,
    idleTimeoutSeconds: config.sessionIdleMinutes * 60,
    passwordPolicy: passwordPolicy(config.passwordMinLength),
    mustChangePassword: p.mustChangePassword,
    mustChangeRefundPassword: p.mustChangeRefundPassword,
    secondFactor,
    mfaEnrolled: p.mfaEnrolled,
    mfaRequired: mfaRequiredFor(p.operatorType),
  };
}
