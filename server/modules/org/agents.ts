import { AGENCY_LIST } from '../../../src/contract/lists/org';
import { and, count, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Page } from '../../../src/contract/envelope';
import type { Status } from '../../../src/contract/fields';
import type {
  AgentDetail,
  AgentPageQuery,
  AgentRow,
  AgentSaveInput,
  OrgListQuery,
  OrgOption,
} from '../../../src/contract/org';
import type { Executor } from '../../db/client';
import { agents, serviceProviders } from '../../db/schema';
import { noAccess, scopeOfCaller, toggleStatus, write, type Caller } from '../../platform/caller';
import { notFound } from '../../platform/envelope';
import { duplicate, escapeLike, iso, listPage, sortColumns } from '../../platform/lists';
import { agentsIn, providersIn, type Scope } from '../../platform/scope';
import { saveAudited } from './save';
import { can } from '../../../src/contract/capabilities';

const companyCount = sql<number>`(select count(*)::int from companies where companies.agent_id = ${agents.id})`;

const selectAgents = (db: Executor) =>
  db
    .select({ agent: agents, serviceProviderName: serviceProviders.name, companyCount })
    .from(agents)
    .innerJoin(serviceProviders, eq(serviceProviders.id, agents.serviceProviderId));

type Raw = { agent: typeof agents.$inferSelect; serviceProviderName: string; companyCount: unknown };

/** Enumerated columns hold only what the contract's schema let through. */
function toDetail(r: Raw): AgentDetail {
  const a = r.agent;
  return {
    ...a,
    agentNo: a.agentNo ?? '',
    serviceProviderName: r.serviceProviderName,
    companyCount: Number(r.companyCount),
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
  } as AgentDetail;
}

const toRow = (d: AgentDetail): AgentRow => ({
  id: d.id,
  agentNo: d.agentNo,
  name: d.name,
  nameEn: d.nameEn,
  serviceProviderId: d.serviceProviderId,
  serviceProviderName: d.serviceProviderName,
  phone: d.phone,
  contactName: d.contactName,
  settlementPeriod: d.settlementPeriod,
  status: d.status,
  companyCount: d.companyCount,
  createdAt: d.createdAt,
});

export async function agentPage(c: Caller, q: AgentPageQuery): Promise<Page<AgentRow>> {
  const db = c.deps.db;
  const where = and(
    agentsIn(scopeOfCaller(c)),
    q.name
      ? or(ilike(agents.name, `%${escapeLike(q.name)}%`), ilike(agents.agentNo, `%${escapeLike(q.name)}%`))
      : undefined,
    q.serviceProviderId ? eq(agents.serviceProviderId, q.serviceProviderId) : undefined,
    q.status ? eq(agents.status, q.status) : undefined,
  );
  const sortable = sortColumns(AGENCY_LIST, {
    id: agents.id,
    agentNo: agents.agentNo,
    name: agents.name,
    createdAt: agents.createdAt,
    status: agents.status,
  });
  return listPage(
    c.t,
    q,
    { columns: sortable, tieBreaker: agents.id, fallback: 'id' },
    {
      rows: selectAgents(db).$dynamic(),
      count: db.select({ total: count() }).from(agents).$dynamic(),
      where,
    },
    (r) => toRow(toDetail(r)),
  );
}

export async function agentList(c: Caller, q: OrgListQuery): Promise<OrgOption[]> {
  const rows = await c.deps.db
    .select({
      id: agents.id,
      name: agents.name,
      status: agents.status,
      serviceProviderId: agents.serviceProviderId,
    })
    .from(agents)
    .where(
      and(
        agentsIn(scopeOfCaller(c)),
        q.serviceProviderId ? eq(agents.serviceProviderId, q.serviceProviderId) : undefined,
      ),
    )
    .orderBy(agents.name, agents.id);
  return rows;
}

async function findAgent(db: Executor, scope: Scope, id: number, lock = false) {
  const query = selectAgents(db).where(and(eq(agents.id, id), agentsIn(scope)));
  const [row] = lock ? await query.for('update', { of: agents }) : await query;
  return row ? toDetail(row) : undefined;
}

export async function agentGet(c: Caller, id: number): Promise<AgentDetail> {
  const row = await findAgent(c.deps.db, scopeOfCaller(c), id);
  if (!row) throw notFound();
  return row;
}

/** The provider of a new or moved agency must be one the caller may manage. */
async function checkProvider(db: Executor, scope: Scope, providerId: number) {
  if (scope.level === 'agent' || scope.level === 'company') throw noAccess();
  const [row] = await db
    .select({ id: serviceProviders.id })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, providerId), providersIn(scope)));
  if (!row) throw notFound();
}

export async function agentNoTaken(db: Executor, agentNo: string, excludeId: number | null) {
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.agentNo, agentNo), excludeId ? ne(agents.id, excludeId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** System and provider admins create and edit agencies; an agency admin edits its own details. */
export async function agentSave(c: Caller, input: AgentSaveInput): Promise<AgentDetail> {
  return write(c, 'agent', input.id ?? 'new', async (tx, audit, scope) => {
    const { id, ...values } = input;
    const before = id ? await findAgent(tx, scope, id, true) : undefined;
    if (id && !before) throw notFound();
    if (!before || before.serviceProviderId !== values.serviceProviderId) {
      await checkProvider(tx, scope, values.serviceProviderId);
    }
    if (await agentNoTaken(tx, values.agentNo, id ?? null)) throw duplicate(c.t, 'agentNo');
    return saveAudited(audit, 'agent', id, before, {
      update: (id) =>
        tx
          .update(agents)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(agents.id, id)),
      insert: async () => (await tx.insert(agents).values(values).returning({ id: agents.id }))[0].id,
      find: (savedId) => findAgent(tx, { level: 'system' }, savedId),
    });
  });
}

/** An agency's staff cannot lock their own agency. */
export function agentStatus(c: Caller, id: number, status: Status) {
  return toggleStatus(c, 'agent', id, status, {
    find: (tx, scope) => findAgent(tx, scope, id, true),
    mayChange: () => can(c.principal, 'editAgent'),
    update: async (tx, now) => {
      await tx.update(agents).set({ status, updatedAt: now }).where(eq(agents.id, id));
    },
  });
}
