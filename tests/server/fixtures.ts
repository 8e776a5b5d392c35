import { eq, sql } from 'drizzle-orm';
import type { OperatorType } from '../../src/contract/roles';
import type { Db } from '../../server/db/client';
import {
  agents,
  branchUnits,
  companies,
  operators,
  serviceProviders,
  terminals,
} from '../../server/db/schema';

/** Ids of the demo organisations by name, so tests never hard-code ids. */
export async function orgIds(db: Db) {
  const byName = <T extends { id: number; name: string }>(rows: T[]) =>
    new Map(rows.map((r) => [r.name, r.id]));
  const sp = byName(
    await db.select({ id: serviceProviders.id, name: serviceProviders.name }).from(serviceProviders),
  );
  const ag = byName(await db.select({ id: agents.id, name: agents.name }).from(agents));
  const co = byName(await db.select({ id: companies.id, name: companies.name }).from(companies));
  const brRows = await db
    .select({ id: branchUnits.id, name: branchUnits.name, company: companies.name })
    .from(branchUnits)
    .innerJoin(companies, eq(companies.id, branchUnits.companyId));
  const br = new Map(brRows.map((r) => [`${r.company}/${r.name}`, r.id]));
  const opRows = await db.select({ id: operators.id, name: operators.loginId }).from(operators);
  const op = byName(opRows);
  const tmRows = await db.select({ id: terminals.id, name: terminals.serial }).from(terminals);
  const tm = byName(tmRows);
  const get = (m: Map<string, number>, k: string) => {
    const v = m.get(k);
    if (v === undefined) throw new Error(`no demo object ${k}`);
    return v;
  };
  return {
    provider: (n: string) => get(sp, n),
    agent: (n: string) => get(ag, n),
    company: (n: string) => get(co, n),
    branch: (n: string) => get(br, n),
    operator: (n: string) => get(op, n),
    terminal: (n: string) => get(tm, n),
  };
}
export type OrgIds = Awaited<ReturnType<typeof orgIds>>;

/** The login of each role the matrix acts as (the fixed demo accounts). */
export const ROLE_LOGINS: Record<OperatorType, string> = {
  0: 'admin',
  10: 'sysop',
  15: 'sp-admin',
  16: 'sp-op',
  20: 'co-admin',
  30: 'co-op',
  40: 'ag-admin',
  50: 'ag-op',
};

export const SNAPSHOT_TABLES = [
  'service_providers',
  'agents',
  'companies',
  'branch_units',
  'operators',
  'password_history',
  'terminals',
  'commission_rates',
  'agent_rebate_rates',
] as const;

/** Key of a row in a snapshot: its table and primary key, children keyed under their parent. */
function rowKey(table: string, r: Record<string, unknown>): string {
  if (table === 'password_history') return `operators:${r.operator_id}:ph:${r.id}`;
  if (table === 'commission_rates') return `companies:${r.company_id}:rate:${r.brand}:${r.channel}`;
  if (table === 'agent_rebate_rates') return `companies:${r.company_id}:rebate:${r.brand}`;
  return `${table}:${r.id}`;
}

/** Every tenant row as JSON by key (one round trip), to compare before and after a call. */
export async function snapshot(db: Db): Promise<Map<string, string>> {
  const select = SNAPSHOT_TABLES.map(
    (t) => `(select coalesce(json_agg(x), '[]'::json) from ${t} x) as "${t}"`,
  ).join(', ');
  const res = await db.execute(sql.raw(`select ${select}`));
  const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0];
  const out = new Map<string, string>();
  for (const table of SNAPSHOT_TABLES) {
    const raw = row[table];
    const rows = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>[];
    for (const r of rows) out.set(rowKey(table, r), JSON.stringify(r));
  }
  return out;
}

/** Keys added, removed or changed between two snapshots. */
export function changedKeys(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => before.get(k) !== after.get(k)).sort();
}

export async function tableCount(db: Db, table: string): Promise<number> {
  const res = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
}

const STATUS_TABLES = ['service_providers', 'agents', 'companies', 'branch_units', 'terminals', 'operators'];

/** Back to the seeded state of every status (a matrix lock must not leak into the next case); true when it changed any. */
export async function activateAll(db: Db): Promise<boolean> {
  const ctes = STATUS_TABLES.map(
    (t, i) => `u${i} as (update ${t} set status = 'active' where status <> 'active' returning 1)`,
  ).join(', ');
  const counts = STATUS_TABLES.map((_t, i) => `(select count(*) from u${i})`).join(' + ');
  const res = await db.execute(sql.raw(`with ${ctes} select (${counts})::int as n`));
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n) > 0;
}
