/**
 * Scheduled reports (docs/reports.md, "Scheduled reports"): a user subscribes the summary list's
 * filters, daily, weekly or monthly; the job `reportDeliveries` writes the file of each period
 * once its data is complete (the period over, the brands' statements of its days in), keeps it
 * for download and, where SMTP is configured and asked for, sends it by e-mail. One row per
 * subscription and period (a unique pair) makes each period delivered once, however many server
 * processes run the job; a file or an e-mail a process was writing when it died is taken over
 * when its claim runs out.
 */
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import nodemailer from 'nodemailer';
import type { Readable } from 'node:stream';
import type { ReportExportQuery, ReportSubscribeInput } from '../../../src/contract/lists/reports';
import type {
  ReportDeliveryRow,
  ReportFrequency,
  ReportSubscriptionFilters,
  ReportSubscriptionRow,
} from '../../../src/contract/reports';
import { rowsOf, type Db, type Executor } from '../../db/client';
import {
  branchUnits,
  companies,
  operators,
  reportDeliveries,
  reportSubscriptions,
  statementFetches,
} from '../../db/schema';
import { storedRoutesOf } from '../../platform/access';
import type { Audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { ApiError, fail, notFound } from '../../platform/envelope';
import type { FileDownload } from '../../platform/exports';
import { translatorFor } from '../../platform/i18n';
import { findPrincipal, type Principal } from '../../platform/principal';
import { iso } from '../../platform/lists';
import { scopeOf } from '../../platform/scope';
import { ResultType } from '../../../src/contract/envelope';
import type { Translate } from '../../../src/i18n';
import { checkOrganisations, reportFile } from './list';

/** Subscriptions one account may hold. */
export const MAX_SUBSCRIPTIONS = 10;
/** Periods a subscription catches up on after the server was down (the latest ones). */
const CATCH_UP = 31;
/** How long a process holds a file or an e-mail it is writing before another may take it over. */
const CLAIM_MS = 10 * 60_000;
/** Deliveries listed per subscription. */
const LISTED = 10;

interface Period {
  from: string;
  to: string;
}

/** The period of `frequency` that holds `day` (weeks run Monday to Sunday). */
function periodOf(frequency: ReportFrequency, day: DateTime): Period {
  const start =
    frequency === 'daily' ? day : frequency === 'weekly' ? day.startOf('week') : day.startOf('month');
  const end = frequency === 'daily' ? day : frequency === 'weekly' ? day.endOf('week') : day.endOf('month');
  return { from: start.toISODate()!, to: end.toISODate()! };
}

/** The latest period that is over by `today` (a business day, yyyy-MM-dd). */
export function lastPeriodBefore(frequency: ReportFrequency, today: string): Period {
  const current = periodOf(frequency, DateTime.fromISO(today));
  return periodOf(frequency, DateTime.fromISO(current.from).minus({ days: 1 }));
}

/**
 * The periods over by `today` that a subscription starting on `startsOn` is owed, oldest first
 * (at most the latest CATCH_UP).
 */
export function periodsOwed(frequency: ReportFrequency, startsOn: string, today: string): Period[] {
  const out: Period[] = [];
  for (
    let p = lastPeriodBefore(frequency, today);
    p.from >= startsOn && out.length < CATCH_UP;
    p = periodOf(frequency, DateTime.fromISO(p.from).minus({ days: 1 }))
  )
    out.unshift(p);
  return out;
}

/**
 * Whether a period's data is complete: no brand statement of its days is still awaited, and each
 * brand whose statements are fetched has its last day's in (fetched, or given up on). Without
 * statement fetching (no rows at all) a period is complete once it is over.
 */
async function statementsIn(db: Executor, p: Period): Promise<boolean> {
  const [row] = rowsOf<{ waiting: string; brands: string; last: string }>(
    await db.execute(sql`select
      (select count(*) from ${statementFetches} where business_day between ${p.from}::date and ${p.to}::date
        and state = 'waiting') as waiting,
      (select count(distinct brand) from ${statementFetches}
        where business_day between ${p.to}::date - 14 and ${p.to}::date) as brands,
      (select count(*) from ${statementFetches} where business_day = ${p.to}::date and state <> 'waiting') as last`),
  );
  return Number(row.waiting) === 0 && Number(row.last) >= Number(row.brands);
}

/** The filters a subscription keeps (checked against the subscriber's scope when saved and when delivered). */
const filtersOf = (input: ReportSubscribeInput): ReportSubscriptionFilters => ({
  grouping: input.grouping === 'month' ? 'month' : '',
  companyId: input.companyId ?? null,
  branchUnitId: input.branchUnitId ?? null,
  brand: input.brand,
  currency: input.currency,
});

export async function subscribe(
  db: Executor,
  principal: Principal,
  t: Translate,
  input: ReportSubscribeInput,
  today: string,
  audit: Audit,
): Promise<number> {
  await checkOrganisations(db, t, scopeOf(principal), input);
  // One subscriber's count is read under its own row's lock, so two saves at once cannot pass the limit.
  await db.execute(sql`select id from ${operators} where id = ${principal.operatorId} for update`);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reportSubscriptions)
    .where(eq(reportSubscriptions.operatorId, principal.operatorId));
  if (n >= MAX_SUBSCRIPTIONS) throw fail('server.reports.tooManySubscriptions', { max: MAX_SUBSCRIPTIONS });
  const filters = filtersOf(input);
  const [row] = await db
    .insert(reportSubscriptions)
    .values({
      operatorId: principal.operatorId,
      filters,
      frequency: input.frequency,
      format: input.format,
      email: input.email,
      // The first file is the latest period already over (once its data is complete).
      startsOn: lastPeriodBefore(input.frequency, today).from,
    })
    .returning({ id: reportSubscriptions.id });
  await audit({
    objectType: 'reportSubscription',
    objectId: row.id,
    action: 'create',
    after: { ...filters, frequency: input.frequency, format: input.format, email: input.email },
  });
  return row.id;
}

/** Ends a subscription of the caller's own (its files go with it); another's is NOT_FOUND. */
export async function unsubscribe(db: Executor, principal: Principal, id: number, audit: Audit) {
  const [gone] = await db
    .delete(reportSubscriptions)
    .where(and(eq(reportSubscriptions.id, id), eq(reportSubscriptions.operatorId, principal.operatorId)))
    .returning();
  if (!gone) throw notFound();
  await audit({
    objectType: 'reportSubscription',
    objectId: id,
    action: 'delete',
    before: { ...gone.filters, frequency: gone.frequency, format: gone.format, email: gone.email },
  });
}

/** The caller's subscriptions, newest first, each with its latest deliveries. */
export async function subscriptionsOf(db: Executor, principal: Principal): Promise<ReportSubscriptionRow[]> {
  const subs = await db
    .select({
      s: reportSubscriptions,
      companyName: companies.name,
      branchUnitName: branchUnits.name,
    })
    .from(reportSubscriptions)
    .leftJoin(companies, sql`${companies.id} = (${reportSubscriptions.filters} ->> 'companyId')::int`)
    .leftJoin(branchUnits, sql`${branchUnits.id} = (${reportSubscriptions.filters} ->> 'branchUnitId')::int`)
    .where(eq(reportSubscriptions.operatorId, principal.operatorId))
    .orderBy(desc(reportSubscriptions.id));
  if (subs.length === 0) return [];
  const deliveries = rowsOf<{
    id: string;
    subscription_id: number;
    period_from: string;
    period_to: string;
    state: ReportDeliveryRow['state'];
    file_name: string | null;
    size: number | null;
    error: string | null;
    ready_at: Date | string | null;
    email_state: ReportDeliveryRow['emailState'];
    emailed_at: Date | string | null;
  }>(
    await db.execute(sql`select id, subscription_id, period_from::text as period_from, period_to::text as period_to,
        state, file_name, size, error, ready_at, email_state, emailed_at
      from (select d.*, row_number() over (partition by subscription_id order by period_from desc) as n
        from ${reportDeliveries} d
        where subscription_id in (${sql.join(
          subs.map((s) => sql`${s.s.id}`),
          sql`, `,
        )})) x
      where n <= ${LISTED}
      order by period_from desc`),
  );
  const at = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return subs.map(({ s, companyName, branchUnitName }) => ({
    id: s.id,
    filters: s.filters,
    companyName: s.filters.companyId ? companyName : null,
    branchUnitName: s.filters.branchUnitId ? branchUnitName : null,
    frequency: s.frequency,
    format: s.format,
    email: s.email,
    startsOn: s.startsOn,
    firstPeriodTo: periodOf(s.frequency, DateTime.fromISO(s.startsOn)).to,
    createdAt: iso(s.createdAt),
    deliveries: deliveries
      .filter((d) => d.subscription_id === s.id)
      .map((d) => ({
        id: Number(d.id),
        periodFrom: d.period_from,
        periodTo: d.period_to,
        state: d.state,
        fileName: d.file_name,
        size: d.size,
        error: d.error,
        readyAt: at(d.ready_at),
        emailState: d.email_state,
        emailedAt: at(d.emailed_at),
      })),
  }));
}

/** A delivered file of the caller's own subscription (another's, or one not ready: NOT_FOUND). */
export async function deliveryDownload(
  db: Executor,
  principal: Principal,
  id: number,
): Promise<FileDownload> {
  const [row] = await db
    .select({ d: reportDeliveries })
    .from(reportDeliveries)
    .innerJoin(reportSubscriptions, eq(reportSubscriptions.id, reportDeliveries.subscriptionId))
    .where(
      and(
        eq(reportDeliveries.id, id),
        eq(reportDeliveries.state, 'ready'),
        eq(reportSubscriptions.operatorId, principal.operatorId),
      ),
    );
  if (!row?.d.body) throw notFound();
  const body = row.d.body;
  return {
    name: row.d.fileName!,
    asciiName: row.d.asciiName ?? undefined,
    contentType: row.d.contentType!,
    body: (async function* () {
      yield body;
    })(),
  };
}

async function bufferOf(body: Readable | AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Whether the subscriber may still have the report: its account active, its organisations not
 * locked, its role still granted /report. Null: not (the delivery fails, saying why).
 */
async function subscriber(db: Db, operatorId: number): Promise<Principal | null> {
  const p = await findPrincipal(db, eq(operators.id, operatorId));
  if (!p || p.status !== 'active' || p.organisationLocked) return null;
  return (await storedRoutesOf(db, p.operatorType)).includes('/report') ? p : null;
}

/** Writes one claimed delivery's file (as its subscriber sees the data now) and marks it ready, or failed. */
async function writeDelivery(
  db: Db,
  claim: { id: number; subscriptionId: number; periodFrom: string; periodTo: string },
  now: Date,
) {
  const [sub] = await db
    .select()
    .from(reportSubscriptions)
    .where(eq(reportSubscriptions.id, claim.subscriptionId));
  if (!sub) return;
  const finish = (set: Partial<typeof reportDeliveries.$inferInsert>) =>
    db
      .update(reportDeliveries)
      .set({ claimedUntil: null, ...set })
      .where(and(eq(reportDeliveries.id, claim.id), eq(reportDeliveries.state, 'pending')));
  const principal = await subscriber(db, sub.operatorId);
  if (!principal) return finish({ state: 'failed', error: 'server.reports.subscriberGone' });
  const t = translatorFor(principal.workingLanguage);
  const q: ReportExportQuery = {
    beginTime: claim.periodFrom,
    endTime: claim.periodTo,
    grouping: sub.filters.grouping,
    companyId: sub.filters.companyId,
    branchUnitId: sub.filters.branchUnitId,
    brand: sub.filters.brand as ReportExportQuery['brand'],
    currency: sub.filters.currency as ReportExportQuery['currency'],
  };
  try {
    const file = await reportFile(db, scopeOf(principal), t, q, sub.format);
    const body = await bufferOf(file.body);
    await finish({
      state: 'ready',
      fileName: file.name,
      asciiName: file.asciiName ?? null,
      contentType: file.contentType,
      body,
      size: body.length,
      readyAt: now,
      emailState: sub.email ? 'pending' : null,
    });
  } catch (err) {
    // Its organisation moved out of the subscriber's scope: the filter is refused as a call's would be.
    if (err instanceof ApiError && err.resultType === ResultType.INVALID)
      return finish({ state: 'failed', error: 'server.reports.filterOutOfScope' });
    throw err;
  }
}

/** Sends one claimed delivery by e-mail to its subscriber; marks it sent, or failed with why. */
async function mailDelivery(deps: Deps, id: number, now: Date) {
  const db = deps.db;
  const [row] = await db
    .select({ d: reportDeliveries, operatorId: reportSubscriptions.operatorId })
    .from(reportDeliveries)
    .innerJoin(reportSubscriptions, eq(reportSubscriptions.id, reportDeliveries.subscriptionId))
    .where(eq(reportDeliveries.id, id));
  if (!row?.d.body) return;
  const done = (set: Partial<typeof reportDeliveries.$inferInsert>) =>
    db
      .update(reportDeliveries)
      .set({ emailClaimedUntil: null, ...set })
      .where(and(eq(reportDeliveries.id, id), eq(reportDeliveries.emailState, 'pending')));
  const principal = await subscriber(db, row.operatorId);
  if (!principal?.email) return done({ emailState: 'failed', error: 'server.reports.noEmail' });
  const t = translatorFor(principal.workingLanguage);
  const transport = nodemailer.createTransport(deps.config.smtpUrl);
  try {
    await transport.sendMail({
      from: deps.config.smtpFrom,
      to: principal.email,
      subject: t('reports.mail.subject', { from: row.d.periodFrom, to: row.d.periodTo }),
      text: t('reports.mail.body', { name: principal.userName, from: row.d.periodFrom, to: row.d.periodTo }),
      attachments: [{ filename: row.d.fileName!, content: row.d.body, contentType: row.d.contentType! }],
    });
    await done({ emailState: 'sent', emailedAt: now });
  } catch (err) {
    await done({
      emailState: 'failed',
      error: `smtp: ${String((err as Error).message ?? err)}`.slice(0, 255),
    });
  } finally {
    transport.close();
  }
}

/**
 * One run of the job: owed periods whose data is complete get their delivery row (the unique
 * pair: inserted by one process only), each claimed row's file is written, then each file owed an
 * e-mail is sent (claimed the same way). `now` decides the business day (tests pass their own).
 * The number of files written.
 */
export async function deliverReports(deps: Deps, log: FastifyBaseLogger, now = new Date()): Promise<number> {
  const db = deps.db;
  const today = DateTime.fromJSDate(now).setZone(deps.config.timeZone).toISODate()!;
  const until = new Date(now.getTime() + CLAIM_MS);
  const complete = new Map<string, boolean>();
  const owed: { subscriptionId: number; from: string; to: string }[] = [];
  for (const sub of await db.select().from(reportSubscriptions)) {
    for (const p of periodsOwed(sub.frequency, sub.startsOn, today)) {
      const key = `${p.from}|${p.to}`;
      if (!complete.has(key)) complete.set(key, await statementsIn(db, p));
      if (complete.get(key)) owed.push({ subscriptionId: sub.id, ...p });
    }
  }
  // The rows not there yet, a few hundred per statement (most runs insert none).
  for (let i = 0; i < owed.length; i += 500) {
    const values = sql.join(
      owed.slice(i, i + 500).map((o) => sql`(${o.subscriptionId}::int, ${o.from}::date, ${o.to}::date)`),
      sql`, `,
    );
    await db.execute(sql`insert into ${reportDeliveries} (subscription_id, period_from, period_to, state)
      select v.s, v.f, v.t, 'pending' from (values ${values}) as v (s, f, t)
       where not exists (select 1 from ${reportDeliveries} d where d.subscription_id = v.s and d.period_from = v.f)
      on conflict do nothing`);
  }
  // Claim what is pending and free (new, or left by a process that died), a batch at a time.
  let written = 0;
  for (;;) {
    const claimed = rowsOf<{ id: string; subscription_id: number; period_from: string; period_to: string }>(
      await db.execute(sql`update ${reportDeliveries} set claimed_until = ${until}
        where id in (select id from ${reportDeliveries}
          where state = 'pending' and (claimed_until is null or claimed_until <= ${now})
          order by id limit 20 for update skip locked)
        returning id, subscription_id, period_from::text as period_from, period_to::text as period_to`),
    );
    if (claimed.length === 0) break;
    for (const c of claimed) {
      await writeDelivery(
        db,
        {
          id: Number(c.id),
          subscriptionId: c.subscription_id,
          periodFrom: c.period_from,
          periodTo: c.period_to,
        },
        now,
      );
      written++;
    }
  }
  if (written > 0) log.info({ written }, 'scheduled reports written');
  if (!deps.config.smtpUrl) return written;
  for (;;) {
    const mails = await db
      .update(reportDeliveries)
      .set({ emailClaimedUntil: until })
      .where(
        inArray(
          reportDeliveries.id,
          db
            .select({ id: reportDeliveries.id })
            .from(reportDeliveries)
            .where(
              and(
                eq(reportDeliveries.emailState, 'pending'),
                or(isNull(reportDeliveries.emailClaimedUntil), lte(reportDeliveries.emailClaimedUntil, now)),
              ),
            )
            .orderBy(reportDeliveries.id)
            .limit(20)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning({ id: reportDeliveries.id });
    if (mails.length === 0) break;
    for (const m of mails) await mailDelivery(deps, m.id, now);
  }
  return written;
}

/** A subscriber's files older than this are removed by the job (the subscription stays). */
export const KEEP_DAYS = 400;

/** Removes delivered files older than KEEP_DAYS. */
export async function pruneDeliveries(db: Executor, now: Date) {
  await db
    .delete(reportDeliveries)
    .where(lt(reportDeliveries.createdAt, new Date(now.getTime() - KEEP_DAYS * 86_400_000)));
}
