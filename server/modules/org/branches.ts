import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { BRANCH_LIST } from '../../../src/contract/lists/org';
import { and, asc, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { Page } from '../../../src/contract/envelope';
import type { Status } from '../../../src/contract/fields';
import type { BranchPageQuery, BranchRow, BranchSaveInput, BranchTreeNode } from '../../../src/contract/org';
import type { Executor } from '../../db/client';
import { branchUnits, companies } from '../../db/schema';
import { scopeOfCaller, toggleStatus, write, type Caller } from '../../platform/caller';
import { notFound } from '../../platform/envelope';
import { duplicate, escapeLike, iso, listPage, sortColumns } from '../../platform/lists';
import { branchesIn, companiesIn, type Scope } from '../../platform/scope';
import { saveAudited } from './save';

const columns = {
  id: branchUnits.id,
  companyId: branchUnits.companyId,
  companyName: companies.name,
  name: branchUnits.name,
  code: branchUnits.code,
  address: branchUnits.address,
  phone: branchUnits.phone,
  contactName: branchUnits.contactName,
  remark: branchUnits.remark,
  status: branchUnits.status,
  createdAt: branchUnits.createdAt,
  updatedAt: branchUnits.updatedAt,
};

const toRow = (r: SelectResultFields<typeof columns>): BranchRow => ({
  ...r,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const selectBranches = (db: Executor) =>
  db.select(columns).from(branchUnits).innerJoin(companies, eq(companies.id, branchUnits.companyId));

export async function branchPage(c: Caller, q: BranchPageQuery): Promise<Page<BranchRow>> {
  const db = c.deps.db;
  const where = and(
    branchesIn(db, scopeOfCaller(c)),
    q.companyId ? eq(branchUnits.companyId, q.companyId) : undefined,
    q.name ? ilike(branchUnits.name, `%${escapeLike(q.name)}%`) : undefined,
    q.status ? eq(branchUnits.status, q.status) : undefined,
  );
  const sortable = sortColumns(BRANCH_LIST, {
    id: branchUnits.id,
    name: branchUnits.name,
    companyName: companies.name,
    createdAt: branchUnits.createdAt,
    status: branchUnits.status,
  });
  return listPage(
    c.t,
    q,
    { columns: sortable, tieBreaker: branchUnits.id, fallback: 'id' },
    {
      rows: selectBranches(db).$dynamic(),
      count: db
        .select({ total: count() })
        .from(branchUnits)
        .innerJoin(companies, eq(companies.id, branchUnits.companyId))
        .$dynamic(),
      where,
    },
    toRow,
  );
}

async function findBranch(db: Executor, scope: Scope, id: number, lock = false) {
  const query = selectBranches(db).where(and(eq(branchUnits.id, id), branchesIn(db, scope)));
  const [row] = lock ? await query.for('update', { of: branchUnits }) : await query;
  return row ? toRow(row) : undefined;
}

export async function branchGet(c: Caller, id: number): Promise<BranchRow> {
  const row = await findBranch(c.deps.db, scopeOfCaller(c), id);
  if (!row) throw notFound();
  return row;
}

/** Companies in scope, each with its branches in scope (a company operator: its branch). */
export async function branchTree(c: Caller): Promise<BranchTreeNode[]> {
  const db = c.deps.db;
  const scope = scopeOfCaller(c);
  const cos = await db
    .select({ id: companies.id, name: companies.name, status: companies.status })
    .from(companies)
    .where(companiesIn(scope))
    .orderBy(asc(companies.name), asc(companies.id));
  if (cos.length === 0) return [];
  const brs = await db
    .select({
      id: branchUnits.id,
      companyId: branchUnits.companyId,
      name: branchUnits.name,
      status: branchUnits.status,
    })
    .from(branchUnits)
    .where(
      and(
        branchesIn(db, scope),
        inArray(
          branchUnits.companyId,
          cos.map((x) => x.id),
        ),
      ),
    )
    .orderBy(asc(branchUnits.name), asc(branchUnits.id));
  return cos.map((co) => ({
    id: co.id,
    name: co.name,
    status: co.status,
    branches: brs
      .filter((b) => b.companyId === co.id)
      .map((b) => ({ id: b.id, name: b.name, status: b.status })),
  }));
}

/** A company of the caller's scope, or NOT_FOUND. */
export async function companyInScope(db: Executor, scope: Scope, companyId: number) {
  const [row] = await db
    .select({ id: companies.id, serviceProviderId: companies.serviceProviderId, agentId: companies.agentId })
    .from(companies)
    .where(and(eq(companies.id, companyId), companiesIn(scope)));
  if (!row) throw notFound();
  return row;
}

export async function branchSave(c: Caller, input: BranchSaveInput): Promise<BranchRow> {
  return write(c, 'branchUnit', input.id ?? 'new', async (tx, audit, scope) => {
    const { id, ...values } = input;
    const before = id ? await findBranch(tx, scope, id, true) : undefined;
    if (id && !before) throw notFound();
    // A company operator held to a branch cannot create others (and writes nothing anyway).
    await companyInScope(tx, scope, values.companyId);
    const [taken] = await tx
      .select({ id: branchUnits.id })
      .from(branchUnits)
      .where(
        and(
          eq(branchUnits.companyId, values.companyId),
          eq(branchUnits.name, values.name),
          id ? ne(branchUnits.id, id) : undefined,
        ),
      );
    if (taken) throw duplicate(c.t, 'name');
    return saveAudited(audit, 'branchUnit', id, before, {
      update: (id) =>
        tx
          .update(branchUnits)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(branchUnits.id, id)),
      insert: async () =>
        (await tx.insert(branchUnits).values(values).returning({ id: branchUnits.id }))[0].id,
      find: (savedId) => findBranch(tx, { level: 'system' }, savedId),
    });
  });
}

/** A company user held to its own branch may not lock it. */
export function branchStatus(c: Caller, id: number, status: Status) {
  return toggleStatus(c, 'branchUnit', id, status, {
    find: (tx, scope) => findBranch(tx, scope, id, true),
    mayChange: () => c.principal.branchUnitId !== id,
    update: async (tx, now) => {
      await tx.update(branchUnits).set({ status, updatedAt: now }).where(eq(branchUnits.id, id));
    },
  });
}
