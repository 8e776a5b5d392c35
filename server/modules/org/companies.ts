import { COMPANY_LIST } from '../../../src/contract/lists/org';
import { and, count, eq, ilike, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '../../../src/contract/envelope';
import type { Status } from '../../../src/contract/fields';
import type {
  CompanyDetail,
  CompanyPageQuery,
  CompanyRow,
  CompanySaved,
  CompanySaveInput,
  OrgListQuery,
  OrgOption,
} from '../../../src/contract/org';
import type { Executor } from '../../db/client';
import { agents, companies, serviceProviders } from '../../db/schema';
import { noAccess, scopeOfCaller, toggleStatus, write, type Caller } from '../../platform/caller';
import { notFound } from '../../platform/envelope';
import { duplicate, escapeLike, fieldError, iso, listPage, sortColumns } from '../../platform/lists';
import { agentsIn, companiesIn, providersIn, type Scope } from '../../platform/scope';
import type { SecretBox } from '../../platform/secrets';
import { companyValues, newCredentials, toCompanyDetail } from './companyRecord';
import { saveAudited } from './save';
import { can } from '../../../src/contract/capabilities';

const ag = alias(agents, 'company_agent');
const branchCount = sql<number>`(select count(*)::int from branch_units where branch_units.company_id = ${companies.id})`;

const selectCompanies = (db: Executor) =>
  db
    .select({ company: companies, serviceProviderName: serviceProviders.name, agentName: ag.name })
    .from(companies)
    .innerJoin(serviceProviders, eq(serviceProviders.id, companies.serviceProviderId))
    .leftJoin(ag, eq(ag.id, companies.agentId));

export async function companyPage(c: Caller, q: CompanyPageQuery): Promise<Page<CompanyRow>> {
  const db = c.deps.db;
  const where = and(
    companiesIn(scopeOfCaller(c)),
    q.name ? ilike(companies.name, `%${escapeLike(q.name)}%`) : undefined,
    q.serviceProviderId ? eq(companies.serviceProviderId, q.serviceProviderId) : undefined,
    q.agentId ? eq(companies.agentId, q.agentId) : undefined,
    q.status ? eq(companies.status, q.status) : undefined,
  );
  const sortable = sortColumns(COMPANY_LIST, {
    id: companies.id,
    name: companies.name,
    serviceProviderName: serviceProviders.name,
    createdAt: companies.createdAt,
    status: companies.status,
  });
  const rows = db
    .select({
      id: companies.id,
      name: companies.name,
      nameEn: companies.nameEn,
      serviceProviderId: companies.serviceProviderId,
      serviceProviderName: serviceProviders.name,
      agentId: companies.agentId,
      agentName: ag.name,
      contactName: companies.contactName,
      phone: companies.phone,
      mid: companies.mid,
      status: companies.status,
      branchCount,
      createdAt: companies.createdAt,
    })
    .from(companies)
    .innerJoin(serviceProviders, eq(serviceProviders.id, companies.serviceProviderId))
    .leftJoin(ag, eq(ag.id, companies.agentId))
    .$dynamic();
  return listPage(
    c.t,
    q,
    { columns: sortable, tieBreaker: companies.id, fallback: 'id' },
    { rows, count: db.select({ total: count() }).from(companies).$dynamic(), where },
    (r) => ({ ...r, branchCount: Number(r.branchCount), createdAt: iso(r.createdAt) }),
  );
}

export async function companyList(c: Caller, q: OrgListQuery): Promise<OrgOption[]> {
  const rows = await c.deps.db
    .select({
      id: companies.id,
      name: companies.name,
      status: companies.status,
      serviceProviderId: companies.serviceProviderId,
      agentId: companies.agentId,
    })
    .from(companies)
    .where(
      and(
        companiesIn(scopeOfCaller(c)),
        q.serviceProviderId ? eq(companies.serviceProviderId, q.serviceProviderId) : undefined,
      ),
    )
    .orderBy(companies.name, companies.id);
  return rows;
}

async function findCompany(db: Executor, box: SecretBox, scope: Scope, id: number, lock = false) {
  const query = selectCompanies(db).where(and(eq(companies.id, id), companiesIn(scope)));
  const [row] = lock ? await query.for('update', { of: companies }) : await query;
  if (!row) return undefined;
  const names = { serviceProviderName: row.serviceProviderName, agentName: row.agentName };
  return { record: row.company, detail: toCompanyDetail(box, row.company, names) };
}

export async function companyGet(c: Caller, id: number): Promise<CompanyDetail> {
  const found = await findCompany(c.deps.db, c.deps.secrets, scopeOfCaller(c), id);
  if (!found) throw notFound();
  return found.detail;
}

/**
 * The provider and agency a company is placed under must be the caller's to manage: a
 * provider in scope, an agency in scope of that provider; an agency places companies only
 * under itself; a company's own staff cannot move it.
 */
async function checkParents(
  c: Caller,
  db: Executor,
  scope: Scope,
  input: CompanySaveInput,
  before: CompanyDetail | undefined,
) {
  if (scope.level === 'company') {
    if (!before || before.serviceProviderId !== input.serviceProviderId || before.agentId !== input.agentId)
      throw noAccess();
    return;
  }
  if (scope.level === 'agent' && input.agentId !== scope.agentId) throw noAccess();
  const [sp] = await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, input.serviceProviderId), providersIn(scope)));
  if (!sp) throw notFound();
  if (input.agentId) {
    const [agent] = await db
      .select({ serviceProviderId: agents.serviceProviderId })
      .from(agents)
      .where(and(eq(agents.id, input.agentId), agentsIn(scope)));
    if (!agent) throw notFound();
    if (agent.serviceProviderId !== input.serviceProviderId)
      throw fieldError(c.t, 'agentId', 'validation.agentOfProvider');
  }
}

/** Uniqueness of spec point 5 for companies: the M-ID (acquirer id) and the phone. */
export async function companyValueTaken(
  db: Executor,
  field: 'mid' | 'phone',
  value: string,
  excludeId: number | null,
) {
  if (!value) return false;
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies[field], value), excludeId ? ne(companies.id, excludeId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function companySave(c: Caller, input: CompanySaveInput): Promise<CompanySaved> {
  const box = c.deps.secrets;
  return write(c, 'company', input.id ?? 'new', async (tx, audit, scope) => {
    const id = input.id;
    const before = id ? (await findCompany(tx, box, scope, id, true))?.detail : undefined;
    if (id && !before) throw notFound();
    await checkParents(c, tx, scope, input, before);
    for (const field of ['mid', 'phone'] as const) {
      if (await companyValueTaken(tx, field, input[field], id ?? null)) throw duplicate(c.t, field);
    }
    const values = companyValues(box, input);
    const now = new Date();
    let credentials: CompanySaved['credentials'] = null;
    const company = await saveAudited(audit, 'company', id, before, {
      update: (id) =>
        tx
          .update(companies)
          .set({ ...values, updatedAt: now })
          .where(eq(companies.id, id)),
      insert: async () => {
        const fresh = newCredentials(box);
        credentials = fresh.plain;
        const [row] = await tx
          .insert(companies)
          .values({
            ...values,
            serviceProviderId: input.serviceProviderId,
            name: input.name,
            ...fresh.stored,
          })
          .returning({ id: companies.id });
        return row.id;
      },
      find: async (savedId) => (await findCompany(tx, box, { level: 'system' }, savedId))?.detail,
    });
    return { company, credentials };
  });
}

/** New access token and pay secret, shown once in the reply; the old ones stop working. */
export async function companyRegenerate(c: Caller, id: number): Promise<CompanySaved> {
  const box = c.deps.secrets;
  return write(c, 'company', id, async (tx, audit, scope) => {
    const before = (await findCompany(tx, box, scope, id, true))?.detail;
    if (!before) throw notFound();
    if (scope.level === 'company') throw noAccess();
    const fresh = newCredentials(box);
    await tx
      .update(companies)
      .set({ ...fresh.stored, updatedAt: new Date() })
      .where(eq(companies.id, id));
    const after = (await findCompany(tx, box, { level: 'system' }, id))!.detail;
    const secrets = (d: CompanyDetail) => ({ accessToken: d.accessToken, paySecret: d.paySecret });
    await audit({
      objectType: 'company',
      objectId: id,
      action: 'update',
      before: secrets(before),
      after: secrets(after),
    });
    return { company: after, credentials: fresh.plain };
  });
}

/** A company's own staff cannot lock their company. */
export function companyStatus(c: Caller, id: number, status: Status) {
  return toggleStatus(c, 'company', id, status, {
    find: async (tx, scope) => (await findCompany(tx, c.deps.secrets, scope, id, true))?.detail,
    mayChange: () => can(c.principal, 'lockCompany'),
    update: async (tx, now) => {
      await tx.update(companies).set({ status, updatedAt: now }).where(eq(companies.id, id));
    },
  });
}
