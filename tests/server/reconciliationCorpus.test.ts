import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_BRANDS, type PayBrand } from '../../src/contract/brands';
import { statementRows } from '../../server/db/schema';
import { reconcileDay } from '../../server/modules/reconciliation';
import { brandDayRange } from '../../server/modules/reconciliation/match';
import type { StatementRow } from '../../server/formats';
import { eq } from 'drizzle-orm';
import { backends, startHarness, type Harness } from './harness';
import {
  brandOrder,
  brandRefund,
  hasFee,
  hasRefundNumbers,
  orderAudit,
  paymentRow,
  refundRow,
  resultsOf,
  unique,
  unknownRow,
} from './reconciliation-support';
import { newCompany } from './settlements-support';

/**
 * The generated corpus of issue #16: for random payments and refunds of a brand and day, the
 * brand's statement made from them with discrepancies injected at random — a missing row, a
 * different status, amount or fee, extra rows unknown to us — and each record's ground truth.
 * Every record and every extra row must be classified as its truth says (100 %), nothing
 * outside the brand's day may be touched, and the orders carry their payment's result.
 */

const DISCREPANCIES = ['none', 'missing', 'status', 'amount', 'fee'] as const;
type Discrepancy = (typeof DISCREPANCIES)[number];

interface RecordSpec {
  amount: number;
  fee: number;
  minute: number;
  discrepancy: Discrepancy;
  refund: { share: number; fee: number; after: number; discrepancy: Discrepancy } | null;
}

const discrepancyArb = fc.constantFrom(...DISCREPANCIES);
const recordArb: fc.Arbitrary<RecordSpec> = fc.record({
  amount: fc.integer({ min: 2, max: 500_000 }),
  fee: fc.integer({ min: 0, max: 5000 }),
  minute: fc.integer({ min: 0, max: 1438 }),
  discrepancy: discrepancyArb,
  refund: fc.option(
    fc.record({
      share: fc.integer({ min: 1, max: 100 }),
      fee: fc.integer({ min: 0, max: 50 }),
      after: fc.integer({ min: 0, max: 600 }),
      discrepancy: discrepancyArb,
    }),
    { nil: null },
  ),
});

/** What a record with this discrepancy must be classified as (a layout without a fee cannot differ in it). */
function truth(brand: PayBrand, d: Discrepancy): number {
  switch (d) {
    case 'none':
      return 1;
    case 'missing':
      return 300;
    case 'status':
      return 100;
    case 'amount':
      return 600;
    case 'fee':
      return hasFee(brand) ? 500 : 1;
  }
}

/** The brand's row with the discrepancy in it; null when it is missing. */
function injected(brand: PayBrand, row: StatementRow, d: Discrepancy): StatementRow | null {
  switch (d) {
    case 'none':
      return row;
    case 'missing':
      return null;
    case 'status':
      return { ...row, status: 'failed', statusRaw: 'FAILED' };
    case 'amount':
      return { ...row, amount: row.amount > 1 ? row.amount - 1 : row.amount + 1 };
    case 'fee':
      return hasFee(brand) ? { ...row, fee: (row.fee ?? 0) + (row.kind === 'refund' ? -1 : 1) } : row;
  }
}

/** A brand's row that is none of ours: a payment, or a refund with numbers we never gave. */
function extraRow(brand: PayBrand, at: Date, refund: boolean): StatementRow {
  const row = unknownRow(brand, at);
  if (!refund) return row;
  return {
    ...row,
    kind: 'refund',
    brandRefundNo: hasRefundNumbers(brand) ? unique('XR') : null,
    gatewayRefundNo: hasRefundNumbers(brand) ? unique('XGR') : null,
  };
}

const FIRST_DAY = Date.parse('2025-01-01T00:00:00Z');
const LATER = new Date('2027-06-01T00:00:00Z');

describe.each(backends)('the reconciliation corpus on $name', (backend) => {
  let h: Harness;
  let companyId: number;
  let days = 0;
  beforeAll(async () => {
    h = await startHarness(backend, { captcha: false, demoOrders: 0 });
    companyId = (await newCompany(h.db)).id;
  });
  afterAll(() => h?.close());

  it('classifies every injected discrepancy as its ground truth says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAY_BRANDS),
        fc.array(recordArb, { minLength: 1, maxLength: 10 }),
        fc.array(fc.record({ minute: fc.integer({ min: 0, max: 1439 }), refund: fc.boolean() }), {
          maxLength: 3,
        }),
        fc.integer({ min: 0, max: 1_000_000 }),
        async (brand, specs, extras, shuffleSeed) => {
          // Three days apart: a run's decoys (just outside its day) fall in no other run's day.
          const day = new Date(FIRST_DAY + 3 * days++ * 86_400_000).toISOString().slice(0, 10);
          const { start, end } = brandDayRange(brand, day);
          const minute = (m: number) => new Date(start.getTime() + m * 60_000);
          const expected: { orderId: number; refundId: number | null; code: number }[] = [];
          const rows: StatementRow[] = [];
          for (const spec of specs) {
            const o = await brandOrder(h.db, {
              companyId,
              brand,
              amount: spec.amount,
              fee: spec.fee,
              at: minute(spec.minute),
            });
            if (spec.refund) {
              const amount = Math.max(1, Math.floor((spec.amount * spec.refund.share) / 100));
              const r = await brandRefund(
                h.db,
                o,
                amount,
                spec.refund.fee,
                minute(Math.min(1439, spec.minute + spec.refund.after)),
              );
              const row = injected(brand, refundRow(brand, o, r), spec.refund.discrepancy);
              if (row) rows.push(row);
              expected.push({ orderId: o.id, refundId: r.id, code: truth(brand, spec.refund.discrepancy) });
            }
            const row = injected(brand, paymentRow(brand, o), spec.discrepancy);
            if (row) rows.push(row);
            expected.push({ orderId: o.id, refundId: null, code: truth(brand, spec.discrepancy) });
          }
          const extraRows = extras.map((e) => extraRow(brand, minute(e.minute), e.refund));
          rows.push(...extraRows);
          // Decoys: the brand's successes just outside its day, another brand's inside it.
          const before = await brandOrder(h.db, {
            companyId,
            brand,
            amount: 100,
            fee: 1,
            at: new Date(start.getTime() - 1000),
          });
          const after = await brandOrder(h.db, { companyId, brand, amount: 100, fee: 1, at: end });
          const other = await brandOrder(h.db, {
            companyId,
            brand: brand === 'wechat' ? 'card' : 'wechat',
            amount: 100,
            fee: 1,
            at: minute(600),
          });
          // The statement's own order, its lines numbered as a file's.
          const order = rows
            .map((row, i) => ({ row, key: (i * 7919 + shuffleSeed) % 104_729 }))
            .sort((a, b) => a.key - b.key)
            .map((x, i) => ({ ...x.row, line: i + 2 }));
          const out = await reconcileDay(h.db, {
            brand,
            day,
            rows: order,
            source: 'fetched',
            fileName: `${brand}-${day}.csv`,
            contentHash: unique('H').padEnd(64, '0').slice(0, 64),
            now: LATER,
          });
          expect(out.status).toBe('matched');
          const results = await resultsOf(h.db, out.runId);
          for (const e of expected) {
            const got = results
              .filter((r) =>
                e.refundId === null
                  ? r.orderId === e.orderId && r.refundId === null
                  : r.refundId === e.refundId,
              )
              .map((r) => r.code);
            expect(got, JSON.stringify({ brand, e })).toEqual([e.code]);
            if (e.refundId === null) {
              expect(await orderAudit(h.db, e.orderId)).toEqual({
                status: e.code === 1 ? 1 : 2,
                result: e.code,
              });
            }
          }
          // Every extra row, and nothing else, is gateway history missing.
          const staged = await h.db.select().from(statementRows).where(eq(statementRows.runId, out.runId));
          const lineOf = new Map(staged.map((s) => [s.id, s.line]));
          const extraLines = order
            .filter((r) => extraRows.some((x) => x.brandOrderNo === r.brandOrderNo))
            .map((r) => r.line)
            .sort((a, b) => a - b);
          const missing = results
            .filter((r) => r.code === 200)
            .map((r) => lineOf.get(r.statementRowId!))
            .sort((a, b) => a! - b!);
          expect(missing).toEqual(extraLines);
          expect(results).toHaveLength(expected.length + extraRows.length);
          for (const decoy of [before, after, other]) {
            expect(results.some((r) => r.orderId === decoy.id)).toBe(false);
            expect(await orderAudit(h.db, decoy.id)).toEqual({ status: 0, result: null });
          }
          const total = Object.values(out.counts).reduce((a, b) => a + b, 0);
          expect(total).toBe(results.length);
        },
      ),
      { numRuns: 15, seed: Number(process.env.FC_SEED ?? 20261127) },
    );
  }, 120_000);
});
