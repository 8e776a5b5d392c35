import { count } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  agentRebateRates,
  agents,
  branchUnits,
  commissionRates,
  companies,
  operators,
  passwordHistory,
  serviceProviders,
  terminals,
} from '../db/schema';
import type { PasswordHasher } from '../platform/passwords';
import { md5Upper } from '../platform/passwords';
import type { SecretBox } from '../platform/secrets';
import { DEMO_ACCOUNTS, DEMO_EXTRA_ACCOUNTS, DEMO_PROVIDERS, type DemoAccount } from './data';
import { seedSettlementSetup } from './settlements';
import {
  agentDetails,
  branchDetails,
  companyDetails,
  demoRates,
  demoTerminals,
  providerDetails,
} from './details';

type Ids = Map<string, number>;

async function seedOrganisations(tx: Tx, box: SecretBox) {
  const providers: Ids = new Map();
  const agencies: Ids = new Map();
  const companyIds: Ids = new Map();
  const branches: Ids = new Map();
  let companyIndex = 0;
  for (const p of DEMO_PROVIDERS) {
    const [sp] = await tx
      .insert(serviceProviders)
      .values({ name: p.name, ...providerDetails(p.name) })
      .returning({ id: serviceProviders.id });
    providers.set(p.name, sp.id);
    for (const name of p.agencies) {
      const [a] = await tx
        .insert(agents)
        .values({ name, serviceProviderId: sp.id, ...agentDetails(agencies.size, name) })
        .returning({ id: agents.id });
      agencies.set(name, a.id);
    }
    for (const c of p.companies) {
      const [co] = await tx
        .insert(companies)
        .values({
          name: c.name,
          serviceProviderId: sp.id,
          agentId: c.agency ? agencies.get(c.agency) : null,
          ...companyDetails(box, companyIndex, c.name),
        })
        .returning({ id: companies.id });
      companyIds.set(c.name, co.id);
      const rows = await tx
        .insert(branchUnits)
        .values(c.branches.map((name, j) => ({ name, companyId: co.id, ...branchDetails(c.name, name, j) })))
        .returning({ id: branchUnits.id, name: branchUnits.name });
      for (const b of rows) branches.set(`${c.name}/${b.name}`, b.id);
      await tx.insert(terminals).values(
        demoTerminals(
          companyIndex,
          co.id,
          rows.map((b) => b.id),
        ),
      );
      const { rates, rebates } = demoRates(co.id, Boolean(c.agency));
      await tx.insert(commissionRates).values(rates);
      if (rebates.length > 0) await tx.insert(agentRebateRates).values(rebates);
      companyIndex += 1;
    }
  }
  await seedSettlementSetup(tx);
  return { providers, agencies, companyIds, branches };
}

const idOf = (ids: Ids, key: string | undefined) => (key ? (ids.get(key) ?? null) : null);

/**
 * Demo organisations and accounts of every role, only on a database without operators
 * (so a restart or `npm run seed` never duplicates or overwrites anything).
 */
export async function seedDemo(
  db: Db,
  hasher: PasswordHasher,
  password: string,
  box: SecretBox,
): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(operators);
  if (n > 0) return false;
  const digest = md5Upper(password);
  const accounts = [...DEMO_ACCOUNTS, ...DEMO_EXTRA_ACCOUNTS];
  // Hash outside the transaction: Argon2 is slow on purpose.
  const hashes = await Promise.all(
    accounts.map(async () => ({ login: await hasher.hash(digest), refund: await hasher.hash(digest) })),
  );
  await db.transaction(async (tx) => {
    const org = await seedOrganisations(tx, box);
    for (const [i, a] of accounts.entries()) {
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
