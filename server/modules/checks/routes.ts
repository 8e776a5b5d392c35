import { checksCalls } from '../../../src/contract/calls/checks';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import { type CheckDataReply, type CheckType } from '../../../src/contract/checks';
import { can } from '../../../src/contract/capabilities';
import type { Executor } from '../../db/client';
import { companies } from '../../db/schema';
import type { Api } from '../../platform/api';
import { noAccess } from '../../platform/caller';
import { sha256 } from '../../platform/secrets';
import { operatorValueTaken } from '../operators';
import { companyValueTaken, providerNameTaken } from '../org';

async function exists(db: Executor, where: SQL | undefined) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(where).limit(1);
  return Boolean(row);
}

/** Whether a value is taken anywhere (uniqueness is global, so the answer is a bare yes or no). */
async function taken(
  db: Executor,
  type: CheckType,
  value: string,
  excludeId: number | null,
): Promise<boolean> {
  const not = excludeId ? ne(companies.id, excludeId) : undefined;
  switch (type) {
    case 'acquirerId':
      return companyValueTaken(db, 'mid', value, excludeId);
    case 'phone':
      return companyValueTaken(db, 'phone', value, excludeId);
    case 'mobile':
      return operatorValueTaken(db, 'mobile', value, excludeId);
    case 'serviceProviderName':
      return providerNameTaken(db, value, excludeId);
    case 'token':
      return exists(db, and(eq(companies.accessTokenHash, sha256(value)), not));
    case 'key':
      return exists(db, and(eq(companies.paySecretHash, sha256(value)), not));
  }
}

/** Forms check a field when it loses focus; `save` checks again. Only roles that write may ask. */
export function checkRoutes(api: Api) {
  api.call(checksCalls.checkDataExist, async ({ deps, principal, input }) => {
    if (!can(principal, 'write')) throw noAccess();
    const result: CheckDataReply = {
      exists: await taken(deps.db, input.type as CheckType, input.value, input.excludeId ?? null),
    };
    return { result };
  });
}
