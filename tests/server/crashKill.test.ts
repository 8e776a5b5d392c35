import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, md5Upper, totpNow } from './harness';
import { sign } from './payments-support';
import { freePort, killProcess, scratchDatabase, startServerProcess } from './processes-support';

/**
 * The real thing, on PostgreSQL: two server processes on one database take bursts of
 * payments, payer payments, closes and refunds and are killed (SIGKILL) at random points, at
 * least 20 times; restarted, their recovery job must leave within a bounded time every
 * refund, payment and close final and in agreement with the sandbox brand's own books.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl)
  describe('kill -9 during bursts on PostgreSQL', () => {
    const scratch = scratchDatabase(postgresUrl, 'kessai_crash');
    let PORTS: number[] = [];
    let pool: pg.Pool;
    const children = new Set<ChildProcess>();

    const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
      (await pool.query(text, values)).rows as T[];

    /**
     * While killing, the recovery waits an hour (so the crashes' work stays in flight) and each
     * sandbox brand call takes 0.2–0.4 s each way (so a kill lands between our intent and the
     * brand's answer); after, the recovery runs within 1 s.
     */
    const startServer = (port: number, killing = false): Promise<ChildProcess> =>
      startServerProcess(
        port,
        {
          ...scratch.env,
          KESSAI_DEMO_ORDERS: '0',
          KESSAI_LOG_LEVEL: 'warn',
          KESSAI_RECOVERY_AFTER_MS: killing ? '3600000' : '1000',
          KESSAI_RECOVERY_EVERY_MS: '500',
          KESSAI_SANDBOX_LATENCY_MS: killing ? '400' : '0',
        },
        children,
      );
    const kill = killProcess;
    /** No such rows; else the failure names them (CI prints only the message's first line). */
    const none = (what: string, rows: unknown[]) => {
      if (rows.length > 0) throw new Error(`${rows.length} ${what}: ${JSON.stringify(rows.slice(0, 5))}`);
    };

    let merchant = { accessToken: '', paySecret: '' };
    let seqNo = 0;
    const post = (port: number, apiPath: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/api${apiPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then(
        (r) => r.json() as Promise<{ resultType: string; result: unknown; resultMessage: string }>,
        () => null,
      );
    const signed = (port: number, apiPath: string, body: unknown) => {
      const payload = JSON.stringify(body);
      const timestamp = String(Math.floor(Date.now() / 1000));
      return post(port, apiPath, body, {
        accesstoken: merchant.accessToken,
        timestamp,
        sign: sign(merchant.paySecret, timestamp, apiPath, payload),
      });
    };

    /** One burst of every kind of work against the server on `port` (answers are not awaited for long). */
    async function burst(port: number) {
      const uniq = () => `K${process.pid}-${Date.now().toString(36)}-${++seqNo}`;
      const paying = await q<{ gateway_order_no: string; client_order_no: string }>(
        `select gateway_order_no, client_order_no from orders where status = 'paying' order by random() limit 7`,
      );
      const paid = await q<{ client_order_no: string; amount: string; refunded_amount: string }>(
        `select o.client_order_no, o.amount, o.refunded_amount from orders o
          where o.status in ('success', 'partlyRefunded') order by random() limit 4`,
      );
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 6; i++)
        work.push(
          signed(port, '/merchant/pay/create', {
            clientOrderNo: uniq(),
            amount: 1000 + i * 100,
            currency: 'JPY',
            paymentType: 'dynamicQr',
            brand: 'paypay',
          }),
        );
      paying
        .slice(0, 4)
        .forEach((o) =>
          work.push(
            post(port, '/pay/qrcode/decide', { orderNo: o.gateway_order_no, brand: 'paypay', action: 'pay' }),
          ),
        );
      paying
        .slice(4)
        .forEach((o) => work.push(signed(port, '/merchant/pay/close', { clientOrderNo: o.client_order_no })));
      for (const o of paid) {
        const left = Number(o.amount) - Number(o.refunded_amount);
        work.push(
          signed(port, '/merchant/refund/refund', {
            clientOrderNo: o.client_order_no,
            clientRefundNo: uniq(),
            amount: Math.max(1, Math.floor(left / 2)),
          }),
        );
      }
      return work;
    }

    beforeAll(async () => {
      await scratch.create();
      pool = scratch.pool();
      PORTS = [await freePort(), await freePort()];
    }, 60_000);
    afterAll(async () => {
      await Promise.all([...children].map(kill));
      await pool?.end();
      await scratch.drop();
    }, 60_000);

    it('leaves every refund, payment and close final and agreeing with the brand’s books', async () => {
      const first = await startServer(PORTS[0]);
      const login = await post(PORTS[0], '/login', { login_id: 'admin', password: md5Upper(DEMO_PASSWORD) });
      let token = (login as unknown as { submitToken: string }).submitToken;
      // The system admin enrols its second factor at its first login, as on any fresh database.
      const start = await post(PORTS[0], '/auth/mfa/enrol/start', {}, { 'x-submit-token': token });
      const { secret } = start!.result as { secret: string };
      const confirmed = await post(
        PORTS[0],
        '/auth/mfa/enrol/confirm',
        { otp: await totpNow(secret) },
        { 'x-submit-token': token },
      );
      expect(confirmed!.resultType).toBe('SUCCESS');
      token = (confirmed as unknown as { submitToken: string }).submitToken || token;
      const [{ id }] = await q<{ id: number }>(`select id from companies where name = '株式会社ひのき珈琲'`);
      const cred = await post(PORTS[0], '/org/company/regenerateSecret', { id }, { 'x-submit-token': token });
      merchant = (cred!.result as { credentials: typeof merchant }).credentials;
      // Before the kills, on an undisturbed server: orders to pay, close and refund.
      const created = await Promise.all(
        Array.from({ length: 48 }, (_, i) =>
          signed(PORTS[0], '/merchant/pay/create', {
            clientOrderNo: `SETUP-${i}`,
            amount: 5000 + i * 10,
            currency: 'JPY',
            paymentType: 'dynamicQr',
            brand: 'paypay',
          }),
        ),
      );
      expect(created.filter((r) => r?.resultType === 'SUCCESS')).toHaveLength(48);
      const setup = await q<{ gateway_order_no: string }>(
        `select gateway_order_no from orders where status = 'paying' order by id limit 32`,
      );
      await Promise.all(
        setup.map((o) =>
          post(PORTS[0], '/pay/qrcode/decide', {
            orderNo: o.gateway_order_no,
            brand: 'paypay',
            action: 'pay',
          }),
        ),
      );
      // The brand's notifications make them paid, in the background.
      const paid = async () =>
        (await q<{ n: number }>(`select count(*)::int as n from orders where status = 'success'`))[0].n;
      for (let i = 0; i < 100 && (await paid()) < 32; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await paid()).toBe(32);
      await kill(first);

      const inFlight = async () =>
        (
          await q<{ n: number }>(
            `select (select count(*)::int from refunds where status in ('waiting', 'refunding'))
                  + (select count(*)::int from orders where status in ('pendingClose', 'inPayment', 'refunding'))
                  + (select count(*)::int from orders where status = 'pendingPayment' and brand <> '') as n`,
          )
        )[0].n;
      const refundCount = async () => (await q<{ n: number }>(`select count(*)::int as n from refunds`))[0].n;
      // Two processes, each killed at a random point of its bursts, 10 times (the 20 kills asked
      // for): once some of the burst's work is in flight (the brand's round trip is 0.4–0.8 s),
      // within 0.3 s after.
      let kills = 0;
      await Promise.all(
        PORTS.map(async (port) => {
          for (let round = 0; round < 10; round++) {
            const child = await startServer(port, true);
            const before = await inFlight();
            const refundsBefore = await refundCount();
            const work = await burst(port);
            // Until some of the burst's work is in flight, and a refund of it recorded (on a
            // loaded machine the burst's refunds, sent last, could otherwise never be reached
            // before the kill); at most 400 looks.
            for (
              let i = 0;
              i < 400 && ((await inFlight()) <= before || (await refundCount()) <= refundsBefore);
              i++
            )
              await new Promise((r) => setTimeout(r, 5));
            await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 300)));
            await kill(child);
            kills += 1;
            await Promise.allSettled(work);
          }
        }),
      );
      expect(kills).toBeGreaterThanOrEqual(20);
      const [made] = await q<{ refunds: number; closes: number; orders: number }>(
        `select (select count(*)::int from refunds) as refunds,
                (select count(*)::int from orders where status in ('pendingClose', 'closed')) as closes,
                (select count(*)::int from orders) as orders`,
      );
      expect(made.refunds).toBeGreaterThan(0);
      expect(made.closes).toBeGreaterThan(0);

      // The kills left work in flight; restarted, both processes recover it (the job runs in
      // one at a time) within a bounded wait.
      const leftInFlight = await inFlight();
      process.stdout.write(`kill test: ${leftInFlight} in flight after ${kills} kills\n`);
      expect(leftInFlight).toBeGreaterThan(0);
      await Promise.all(PORTS.map((port) => startServer(port)));
      for (let i = 0; i < 300 && (await inFlight()) > 0; i++) await new Promise((r) => setTimeout(r, 200));
      expect(await inFlight()).toBe(0);
      // `inFlight` does not count the orders the payer may have paid (paying, customerPaying:
      // a notification lost in a kill). The recovery asks the brand about those in the same
      // pass, in id order, so the count can reach 0 while that pass is still going: wait for a
      // whole pass that started after it (the run after the next one to end) over every order
      // (no cursor left), bounded.
      const recoveryRun = async () =>
        (
          await q<{ last: string | null; cursor: string | null }>(
            `select last_run_at::text as last, cursor from jobs where name = 'recovery'`,
          )
        )[0];
      const ended = async (after: string | null) => {
        for (let i = 0; i < 150; i++) {
          const run = await recoveryRun();
          if (run.last !== after) return run;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error('the recovery job did not run within 15 s');
      };
      let run = await ended((await recoveryRun()).last);
      do run = await ended(run.last);
      while (run.cursor);

      // Refunds: final and as the brand has them; orders' totals are their refunds'.
      const refundRows = await q<{
        status: string;
        brand_refund_no: string;
        ledger_state: string | null;
        ledger_no: string | null;
      }>(
        `select r.status, r.brand_refund_no, s.state as ledger_state, s.brand_refund_no as ledger_no
           from refunds r left join sandbox_refunds s on s.merchant_refund_no = r.gateway_refund_no`,
      );
      const refundDisagreements = refundRows.filter((r) =>
        r.status === 'success'
          ? r.ledger_state !== 'SUCCESS' || r.ledger_no !== r.brand_refund_no
          : r.status === 'failed'
            ? r.ledger_state !== null && r.ledger_state !== 'FAILED'
            : true,
      );
      none('refunds not as the brand has them', refundDisagreements);
      const totals = await q(
        `select o.gateway_order_no, o.status, o.amount, o.refunded_amount,
                coalesce((select sum(amount) from refunds r where r.order_id = o.id and r.status = 'success'), 0) as refunds,
                p.refunded_amount as ledger_refunded
           from orders o left join sandbox_payments p on p.merchant_order_no = o.gateway_order_no
          where o.refunded_amount <> coalesce((select sum(amount) from refunds r where r.order_id = o.id and r.status = 'success'), 0)
             or (p.brand_order_no is not null and p.refunded_amount <> o.refunded_amount)
             or (o.status = 'refunded' and o.refunded_amount <> o.amount)
             or (o.status = 'partlyRefunded' and not (o.refunded_amount between 1 and o.amount - 1))`,
      );
      none('orders whose refunded amount disagrees', totals);

      // Payments and closes: each order as the brand has its payment.
      const AGREES: Record<string, string[]> = {
        CREATED: ['paying'],
        USERPAYING: ['paying', 'customerPaying'],
        COMPLETED: ['success', 'partlyRefunded', 'refunded'],
        FAILED: ['failed'],
        CANCELED: ['closed'],
        EXPIRED: ['timeout'],
      };
      const payments = await q<{
        gateway_order_no: string;
        status: string;
        brand_order_no: string;
        state: string | null;
        ledger_no: string | null;
        error_code: string;
      }>(
        `select o.gateway_order_no, o.status, o.brand_order_no, o.error_code, p.state, p.brand_order_no as ledger_no
           from orders o left join sandbox_payments p on p.merchant_order_no = o.gateway_order_no
          where o.brand <> ''`,
      );
      const paymentDisagreements = payments.filter((o) =>
        o.state === null
          ? o.status !== 'failed' || o.brand_order_no !== ''
          : !AGREES[o.state].includes(o.status) || o.ledger_no !== o.brand_order_no,
      );
      none('orders not as the brand has their payment', paymentDisagreements);
      // Something was recovered, by the system, with audit rows.
      const [{ n }] = await q<{ n: number }>(
        `select count(*)::int as n from audit_log where login_id = 'system' and call_path = 'recovery'`,
      );
      expect(n).toBeGreaterThan(0);
    }, 300_000);
  });
