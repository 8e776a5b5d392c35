import { PROVIDER_LIST } from '../../../src/contract/lists/org';
import { and, count, eq, ilike, sql } from 'drizzle-orm';
import type { Page } from '../../../src/contract/envelope';
import type { OrgOption, ProviderPageQuery, ProviderRow, ProviderSaveInput } from '../../../src/contract/org';
import type { Status } from '../../../src/contract/fields';
import type { Executor } from '../../db/client';
import { serviceProviders } from '../../db/schema';
import { noAccess, scopeOfCaller, toggleStatus, write, type Caller } from '../../platform/caller';
import { notFound } from '../../platform/envelope';
import { duplicate, escapeLike, iso, listPage, nameTaken, sortColumns } from '../../platform/lists';
import { providersIn, type Scope } from '../../platform/scope';
import { saveAudited } from './save';
import { can } from '../../../src/contract/capabilities';

const columns = {
  id: serviceProviders.id,
  name: serviceProviders.name,
  contactName: serviceProviders.contactName,
  contactEmail: serviceProviders.contactEmail,
  phone: serviceProviders.phone,
  address: serviceProviders.address,
  remark: serviceProviders.remark,
  status: serviceProviders.status,
  // The outer column is spelt out: drizzle renders ${serviceProviders.id} unqualified ("id") in a
  // query without joins, which inside the subquery would mean agents.id / companies.id.
  agentCount: sql<number>`(select count(*)::int from agents where agents.service_provider_id = service_providers.id)`,
  companyCount: sql<number>`(select count(*)::int from companies where companies.service_provider_id = service_providers.id)`,
  createdAt: serviceProviders.createdAt,
  updatedAt: serviceProviders.updatedAt,
};

type Raw = { [K in keyof typeof columns]: unknown } & { createdAt: Date; updatedAt: Date };
const toRow = (r: Raw): ProviderRow =>
  ({
    ...r,
    agentCount: Number(r.agentCount),
    companyCount: Number(r.companyCount),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  }) as ProviderRow;

export async function providerPage(c: Caller, q: ProviderPageQuery): Promise<Page<ProviderRow>> {
  const where = and(
    providersIn(scopeOfCaller(c)),
    q.name ? ilike(serviceProviders.name, `%${escapeLike(q.name)}%`) : undefined,
    q.status ? eq(serviceProviders.status, q.status) : undefined,
  );
  const sortable = sortColumns(PROVIDER_LIST, {
    id: serviceProviders.id,
    name: serviceProviders.name,
    createdAt: serviceProviders.createdAt,
    status: serviceProviders.status,
  });
  const db = c.deps.db;
  return listPage(
    c.t,
    q,
    { columns: sortable, tieBreaker: serviceProviders.id, fallback: 'id' },
    {
      rows: db.select(columns).from(serviceProviders).$dynamic(),
      count: db.select({ total: count() }).from(serviceProviders).$dynamic(),
      where,
    },
    toRow,
  );
}

export async function providerList(c: Caller): Promise<OrgOption[]> {
  const rows = await c.deps.db
    .select({ id: serviceProviders.id, name: serviceProviders.name, status: serviceProviders.status })
    .from(serviceProviders)
    .where(providersIn(scopeOfCaller(c)))
    .orderBy(serviceProviders.name);
  return rows;
}

async function findProvider(db: Executor, scope: Scope, id: number, lock = false) {
  const query = db
    .select(columns)
    .from(serviceProviders)
    .where(and(eq(serviceProviders.id, id), providersIn(scope)));
  const [row] = lock ? await query.for('update') : await query;
  return row ? toRow(row) : undefined;
}

export async function providerGet(c: Caller, id: number): Promise<ProviderRow> {
  const row = await findProvider(c.deps.db, scopeOfCaller(c), id);
  if (!row) throw notFound();
  return row;
}

export const providerNameTaken = (db: Executor, name: string, excludeId: number | null) =>
  nameTaken(db, serviceProviders, name, excludeId);

/** Only the system creates providers; a provider's admin edits its own. */
export async function providerSave(c: Caller, input: ProviderSaveInput): Promise<ProviderRow> {
  return write(c, 'serviceProvider', input.id ?? 'new', async (tx, audit, scope) => {
    const { id, ...values } = input;
    const before = id ? await findProvider(tx, scope, id, true) : undefined;
    if (id && !before) throw notFound();
    if (!id && !can(c.principal, 'createProvider')) throw noAccess();
    if (id && !can(c.principal, 'editProvider')) throw noAccess();
    if (await providerNameTaken(tx, values.name, id ?? null)) throw duplicate(c.t, 'name');
    return saveAudited(audit, 'serviceProvider', id, before, {
      update: (id) =>
        tx
          .update(serviceProviders)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(serviceProviders.id, id)),
      insert: async () =>
        (await tx.insert(serviceProviders).values(values).returning({ id: serviceProviders.id }))[0].id,
      find: (savedId) => findProvider(tx, { level: 'system' }, savedId),
    });
  });
}

export function providerStatus(c: Caller, id: number, status: Status) {
  return toggleStatus(c, 'serviceProvider', id, status, {
    find: (tx, scope) => findProvider(tx, scope, id, true),
    mayChange: () => can(c.principal, 'lockProvider'),
    update: async (tx, now) => {
      await tx.update(serviceProviders).set({ status, updatedAt: now }).where(eq(serviceProviders.id, id));
    },
  });
}
