import type { AnyObjectSchema, InferType } from 'yup';
import { ResultType } from '../../src/contract/envelope';
import type { UploadInput, UploadReply, UploadRowError } from '../../src/contract/uploads';
import type { MessageKey } from '../../src/i18n';
import type { Tx } from '../db/client';
import type { CallReply } from './api';
import { writeTransaction, type Audit } from './audit';
import { ApiError } from './envelope';
import { placementFor, type Placement, type WriteContext } from './placement';
import { badRows, readUpload, validateRows } from './uploads';

/**
 * A new row refused for its number (taken by another row, or by the same number with other
 * content): FAIL for a single create, reported at the number's column in an upload.
 */
export class RowConflict extends ApiError {
  constructor(key: MessageKey) {
    super(ResultType.FAIL, key);
    this.name = 'RowConflict';
  }
}

/**
 * One console write of new rows in one transaction with its audit rows (any role the call
 * admits; a refusal for scope or access recorded as a denied row after the rollback).
 */
export const consoleWrite = <T>(
  c: WriteContext,
  objectType: string,
  objectId: string,
  work: (tx: Tx, audit: Audit) => Promise<T>,
) =>
  writeTransaction(
    { db: c.deps.db, principal: c.principal, req: c.req, objectType, objectId, anyRole: true },
    work,
  );

export interface BatchSpec<S extends AnyObjectSchema> {
  objectType: string;
  columns: readonly string[];
  required: readonly string[];
  schema: S;
  /** The client's number, unique within the file and per company (a RowConflict's column). */
  numberField: string;
  /** The column where another refusal of one row is reported (a payment limit at the amount), or none. */
  refusedAt: (err: ApiError) => string | undefined;
  create: (tx: Tx, place: Placement, input: InferType<S>) => Promise<{ created: boolean; number: string }>;
}

/**
 * Creates every valid row in one transaction; a row refused there (number conflict, a refusal
 * `refusedAt` places) fails the whole file with every such row named.
 */
async function createAll<I, R>(
  c: WriteContext,
  rows: { row: number; input: I }[],
  fieldOf: (err: ApiError) => string | undefined,
  create: (input: I) => Promise<R>,
): Promise<R[]> {
  const errors: UploadRowError[] = [];
  const out: R[] = [];
  for (const r of rows) {
    try {
      out.push(await create(r.input));
    } catch (err) {
      const field = err instanceof ApiError ? fieldOf(err) : undefined;
      if (!field || !(err instanceof ApiError)) throw err;
      errors.push({ row: r.row, field, message: c.t(err.key, err.values) });
    }
  }
  if (errors.length) throw badRows(c.t, errors);
  return out;
}

/**
 * A batch upload of new rows (URL payments, pre-orders): every bad row reported with its row
 * number, nothing written unless every row is good; all rows created in one transaction with
 * one audit row naming the numbers made.
 */
export async function uploadBatch<S extends AnyObjectSchema>(
  c: WriteContext & { input: InferType<typeof UploadInput> },
  spec: BatchSpec<S>,
): Promise<CallReply<UploadReply>> {
  const place = await placementFor(c, spec.objectType, c.input);
  const rows = await readUpload(c.t, c.input.file, spec.columns, spec.required, {
    timeoutMs: c.deps.config.uploadTimeoutMs,
    log: c.req.log,
  });
  const valid = await validateRows(c.t, spec.schema, rows, spec.numberField);
  const fieldOf = (err: ApiError) => (err instanceof RowConflict ? spec.numberField : spec.refusedAt(err));
  const numbers = await consoleWrite(c, spec.objectType, 'upload', async (tx, audit) => {
    const made = await createAll(c, valid, fieldOf, (input) => spec.create(tx, place, input));
    const numbers = made.map((m) => m.number);
    await audit({
      objectType: spec.objectType,
      objectId: 'upload',
      action: 'create',
      after: { count: numbers.length, created: made.filter((m) => m.created).length, numbers, ...place },
    });
    return numbers;
  });
  return {
    result: { count: numbers.length, numbers },
    messageKey: 'server.uploaded',
    messageValues: { count: numbers.length },
  };
}
