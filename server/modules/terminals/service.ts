import { TERMINAL_LIST } from '../../../src/contract/lists/terminals';
import { and, count, eq, ilike } from 'drizzle-orm';
import type { Page } from '../../../src/contract/envelope';
import type { Status } from '../../../src/contract/fields';
import type { TerminalRow } from '../../../src/contract/terminals';
import type { TerminalPageQuery } from '../../../src/contract/lists/terminals';
import type { Executor } from '../../db/client';
import { branchUnits, companies, terminals } from '../../db/schema';
import { scopeOfCaller, toggleStatus, type Caller } from '../../platform/caller';
import { escapeLike, listPage, sortColumns, withTimes } from '../../platform/lists';
import { terminalsIn, type Scope } from '../../platform/scope';

const select = (db: Executor) =>
  db
    .select({
      id: terminals.id,
      serial: terminals.serial,
      appType: terminals.appType,
      status: terminals.status,
      companyId: terminals.companyId,
      companyName: companies.name,
      branchUnitId: terminals.branchUnitId,
      branchUnitName: branchUnits.name,
      createdAt: terminals.createdAt,
      updatedAt: terminals.updatedAt,
    })
    .from(terminals)
    .innerJoin(companies, eq(companies.id, terminals.companyId))
    .leftJoin(branchUnits, eq(branchUnits.id, terminals.branchUnitId));

type Raw = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toRow = (r: Raw): TerminalRow => withTimes(r);

export async function terminalPage(c: Caller, q: TerminalPageQuery): Promise<Page<TerminalRow>> {
  const db = c.deps.db;
  const where = and(
    terminalsIn(db, scopeOfCaller(c)),
    q.serial ? ilike(terminals.serial, `%${escapeLike(q.serial)}%`) : undefined,
    q.appType ? eq(terminals.appType, q.appType) : undefined,
    q.status ? eq(terminals.status, q.status) : undefined,
    q.companyId ? eq(terminals.companyId, q.companyId) : undefined,
    q.branchUnitId ? eq(terminals.branchUnitId, q.branchUnitId) : undefined,
  );
  const columns = sortColumns(TERMINAL_LIST, {
    id: terminals.id,
    serial: terminals.serial,
    appType: terminals.appType,
    status: terminals.status,
    createdAt: terminals.createdAt,
    updatedAt: terminals.updatedAt,
  });
  return listPage(
    c.t,
    q,
    { columns, tieBreaker: terminals.id, fallback: 'id' },
    {
      rows: select(db).$dynamic(),
      count: db.select({ total: count() }).from(terminals).$dynamic(),
      where,
    },
    toRow,
  );
}

async function findTerminal(db: Executor, scope: Scope, id: number) {
  const [row] = await select(db)
    .where(and(eq(terminals.id, id), terminalsIn(db, scope)))
    .for('update', { of: terminals });
  return row ? toRow(row) : undefined;
}

export function terminalStatus(c: Caller, id: number, status: Status) {
  return toggleStatus(c, 'terminal', id, status, {
    find: (tx, scope) => findTerminal(tx, scope, id),
    update: async (tx, now) => {
      await tx.update(terminals).set({ status, updatedAt: now }).where(eq(terminals.id, id));
    },
  });
}
