import { count } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { agents, branchUnits, companies, operators, passwordHistory, serviceProviders } from '../schema';
import type { PasswordHasher } from '../../platform/passwords';
import { md5Upper } from '../../platform/passwords';
import { DEMO_ACCOUNTS, DEMO_PROVIDERS, type DemoAccount } from './data';

type Ids = Map<string, number>;

async function seedOrganisations(tx: Tx) {
  const providers: Ids = new Map();
  const agencies: Ids = new Map();
  const companyIds: Ids = new Map();
  const branches: Ids = new Map();
  for (const p of DEMO_PROVIDERS) {
    const [sp] = await tx
      .insert(serviceProviders)
      .values({ name: p.name })
      .returning({ id: serviceProviders.id });
    providers.set(p.name, sp.id);
    for (const name of p.agencies) {
      const [a] = await tx
        .insert(agents)
        .values({ name, serviceProviderId: sp.id })
        .returning({ id: agents.id });
      agencies.set(name, a.id);
    }
    for (const c of p.companies) {
      const [co] = await tx
        .insert(companies)
        .values({ name: c.name, serviceProviderId: sp.id, agentId: c.agency ? agencies.get(c.agency) : null })
        .returning({ id: companies.id });
      companyIds.set(c.name, co.id);
      const rows = await tx
        .insert(branchUnits)
        .values(c.branches.map((name) => ({ name, companyId: co.id })))
        .returning({ id: branchUnits.id, name: branchUnits.name });
      for (const b of rows) branches.set(`${c.name}/${b.name}`, b.id);
    }
  }
  return { providers, agencies, companyIds, branches };
}

const idOf = (ids: Ids, key: string | undefined) => (key ? (ids.get(key) ?? null) : null);

/**
 * Demo organisations and one account per role, only on a database without operators
 * (so a restart or `npm run seed` never duplicates or overwrites anything).
 */
export async function seedDemo(db: Db, hasher: PasswordHasher, password: string): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(operators);
  if (n > 0) return false;
  const digest = md5Upper(password);
  // Hash outside the transaction: Argon2 is slow on purpose.
  const hashes = await Promise.all(
    DEMO_ACCOUNTS.map(async () => ({ login: await hasher.hash(digest), refund: await hasher.hash(digest) })),
  );
  await db.transaction(async (tx) => {
    const org = await seedOrganisations(tx);
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      const [op] = await tx
        .insert(operators)
        .values(operatorValues(a, org, hashes[i]))
        .returning({ id: operators.id });
      await tx.insert(passwordHistory).values([
        { operatorId: op.id, kind: 'login', hash: hashes[i].login },
        { operatorId: op.id, kind: 'refund', hash: hashes[i].refund },
      ]);
    }
  });
  return true;
}

function operatorValues(
  a: DemoAccount,
  org: Awaited<ReturnType<typeof seedOrganisations>>,
  hash: { login: string; refund: string },
) {
  return {
    loginId: a.loginId,
    userName: a.userName,
    email: a.email,
    mobile: a.mobile,
    title: a.title,
    operatorType: a.operatorType,
    workingLanguage: 'jp',
    serviceProviderId: idOf(org.providers, a.provider),
    agentId: idOf(org.agencies, a.agency),
    companyId: idOf(org.companyIds, a.company),
    branchUnitId: a.company && a.branch ? idOf(org.branches, `${a.company}/${a.branch}`) : null,
    passwordHash: hash.login,
    refundPasswordHash: hash.refund,
  };
}
