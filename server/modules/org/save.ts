import type { Audit } from '../../platform/audit';

/**
 * The write of an organisation object's save: the update of the one `id` names or the insert of
 * a new one, then the object as it now stands (found as the system finds it), audited as an
 * update or a creation with what it was before.
 */
export async function saveAudited<R extends { id: number }>(
  audit: Audit,
  objectType: string,
  id: number | null | undefined,
  before: R | undefined,
  ops: {
    update(id: number): PromiseLike<unknown>;
    /** Inserts the new object and gives its id. */
    insert(): Promise<number>;
    find(id: number): Promise<R | undefined>;
  },
): Promise<R> {
  let savedId: number;
  if (id) {
    await ops.update(id);
    savedId = id;
  } else {
    savedId = await ops.insert();
  }
  const after = (await ops.find(savedId))!;
  await audit({ objectType, objectId: after.id, action: id ? 'update' : 'create', before, after });
  return after;
}
