import { and, eq } from 'drizzle-orm';
import { PAY_BRANDS, type BrandSetting } from '../../../src/contract/brands';
import type { BrandSettings, BrandSettingsSave } from '../../../src/contract/brandSettings';
import { readinessOf } from '../../../src/contract/commission';
import type { Executor } from '../../db/client';
import { brandSettings, commissionRates, companies } from '../../db/schema';
import { noAccess, scopeOfCaller, write, type Caller } from '../../platform/caller';
import { notFound } from '../../platform/envelope';
import { companiesIn } from '../../platform/scope';
import { can } from '../../../src/contract/capabilities';

async function settingsOf(db: Executor, companyId: number): Promise<BrandSettings> {
  const rows = await db.select().from(brandSettings).where(eq(brandSettings.companyId, companyId));
  const rates = await db
    .select({ brand: commissionRates.brand, channel: commissionRates.channel })
    .from(commissionRates)
    .where(eq(commissionRates.companyId, companyId));
  return {
    companyId,
    readiness: readinessOf(rates),
    settings: PAY_BRANDS.map((brand): BrandSetting => {
      const row = rows.find((r) => r.brand === brand);
      return {
        brand,
        connector: (row?.connector ?? 'sandbox') as BrandSetting['connector'],
        sandboxBehaviour: (row?.sandboxBehaviour ?? 'normal') as BrandSetting['sandboxBehaviour'],
        statementInjection: (row?.statementInjection ?? 'none') as BrandSetting['statementInjection'],
      };
    }),
  };
}

export async function brandSettingsGet(c: Caller, companyId: number): Promise<BrandSettings> {
  const [company] = await c.deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), companiesIn(scopeOfCaller(c))));
  if (!company) throw notFound();
  return settingsOf(c.deps.db, companyId);
}

/** Which connector serves each brand of a company: set by the system and provider admins, like commission rates. */
export async function brandSettingsSave(c: Caller, input: BrandSettingsSave): Promise<BrandSettings> {
  return write(c, 'brandSetting', input.companyId, async (tx, audit, scope) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, input.companyId), companiesIn(scope)))
      .for('update');
    if (!company) throw notFound();
    if (!can(c.principal, 'editConnectors')) throw noAccess();
    const before = await settingsOf(tx, input.companyId);
    for (const s of input.settings) {
      await tx
        .insert(brandSettings)
        .values({
          companyId: input.companyId,
          brand: s.brand,
          connector: s.connector,
          sandboxBehaviour: s.sandboxBehaviour,
          statementInjection: s.statementInjection,
        })
        .onConflictDoUpdate({
          target: [brandSettings.companyId, brandSettings.brand],
          set: {
            connector: s.connector,
            sandboxBehaviour: s.sandboxBehaviour,
            statementInjection: s.statementInjection,
            updatedAt: new Date(),
          },
        });
    }
    const after = await settingsOf(tx, input.companyId);
    await audit({ objectType: 'brandSetting', objectId: input.companyId, action: 'update', before, after });
    return after;
  });
}
