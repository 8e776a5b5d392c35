import { sql } from 'drizzle-orm';
import { loadConfig } from './config';
import { openDatabase, rowsOf } from './db/client';

/**
 * `npm run check-rates`: lists every paid order charged no commission (issue #29: a payment is
 * taken only where its company has a commission rate, docs/settlement.md "Money"), by company,
 * brand and channel with the first order numbers, and exits 1 when there is any. An order paid
 * before that rule may be one; a new one is a fault.
 */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const groups = rowsOf<{
    company: string;
    brand: string;
    sub_brand: string;
    payment_type: string;
    n: string;
    amount: string;
    currency: string;
    first: string;
  }>(
    await database.db.execute(sql`
      select c.name as company, o.brand, o.sub_brand, o.payment_type, o.currency, count(*)::text as n,
          sum(o.amount)::text as amount, string_agg(o.gateway_order_no, ' ' order by o.id) as first
        from orders o join companies c on c.id = o.company_id
        where o.status in ('success', 'partlyRefunded', 'refunded', 'refunding') and o.commission_rate is null
        group by c.name, o.brand, o.sub_brand, o.payment_type, o.currency
        order by c.name, o.brand, o.sub_brand, o.payment_type, o.currency`),
  );
  if (groups.length === 0) {
    process.stdout.write('Every paid order has its commission rate.\n');
  } else {
    const total = groups.reduce((s, g) => s + Number(g.n), 0);
    process.stdout.write(`${total} paid orders have no commission rate:\n`);
    for (const g of groups) {
      const numbers = g.first.split(' ');
      process.stdout.write(
        `  ${g.company} · ${g.brand}/${g.sub_brand || '-'} · ${g.payment_type} · ${g.currency}: ` +
          `${g.n} orders, ${g.amount} (minor units) — ${numbers.slice(0, 5).join(', ')}` +
          `${numbers.length > 5 ? ', …' : ''}\n`,
      );
    }
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
