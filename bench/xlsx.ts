/**
 * The XLSX writer alone (issue #31): `npx tsx bench/xlsx.ts [--rows 200000] [--runs 3] [--out FILE]`.
 * Feeds order-like rows (16 columns: dates, numbers of the order, names, labels, a count, three
 * amounts in JPY or USD) in batches of 1000, as an export reads them, through `xlsxBody` into a
 * sink that counts the bytes; prints rows/s, the file's size, the CPU time used (all threads)
 * and the process's peak RSS per run.
 * The rows are made as the batches are asked for (their cost is printed on its own line).
 * `--out` also writes the last run's file, to open it.
 */
import { createWriteStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { xlsxBody, type Cell, type SheetLayout } from '../server/platform/exports';
import { load, opt } from './common';

const ROWS = Number(opt('rows', '200000'));
const RUNS = Number(opt('runs', '3'));
const OUT = opt('out', '');
const BATCH = 1000;

const layout: SheetLayout = {
  sheetName: '取引履歴',
  headers: [
    '作成日時',
    '完了日時',
    'ゲートウェイ注文番号',
    '加盟店注文番号',
    'ブランド注文番号',
    '加盟店',
    '店舗',
    'ブランド',
    '決済種別',
    'ステータス',
    '金額',
    '通貨',
    '返金額',
    '手数料',
    '点数',
    '商品名',
  ],
  widths: [20, 20, 24, 20, 28, 22, 12, 12, 10, 10, 12, 6, 12, 10, 6, 30],
};

const COMPANIES = ['株式会社ひのき珈琲', '株式会社みなと書店', 'Sakura Foods K.K.', '有限会社つばめ商店'];
const BRANCHES = ['銀座店', '渋谷店', '', 'Online'];
const BRANDS = ['WeChat Pay', 'Alipay+', 'PayPay', 'クレジットカード'];
const STATUSES = ['支払済', '返金済', '一部返金', '未払い'];
const SUBJECTS = ['ブレンドコーヒー 200g', 'Book: "Kyoto & Nara"', 'ランチセット <A>', 'Gift card 5,000'];

/** One batch of rows starting at `from`, varied like real ones (every value differs a little). */
function batchOf(from: number, count: number): Cell[][] {
  const rows: Cell[][] = [];
  for (let n = from; n < from + count; n++) {
    const currency = n % 5 === 0 ? 'USD' : 'JPY';
    const amount = currency === 'JPY' ? 300 + ((n * 7919) % 50000) : 199 + ((n * 7919) % 90000);
    const day = 1 + (n % 28);
    const time = `${String(n % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}`;
    rows.push([
      `2026-11-${String(day).padStart(2, '0')} ${time}`,
      n % 4 === 3 ? '' : `2026-11-${String(day).padStart(2, '0')} ${time}`,
      `GW${String(20261100000000 + n)}`,
      `M-${(n * 2654435761) % 100000000}`,
      `4200000${String(n).padStart(9, '0')}${n % 10}`,
      COMPANIES[n % 4],
      BRANCHES[(n >> 2) % 4],
      BRANDS[(n >> 1) % 4],
      n % 3 === 0 ? 'CPM' : 'MPM',
      STATUSES[n % 4],
      { minor: amount, currency },
      currency,
      { minor: n % 4 === 1 ? amount : 0, currency },
      { minor: Math.floor(amount * 0.0324), currency },
      1 + (n % 9),
      n % 11 === 0 ? null : SUBJECTS[n % 4],
    ]);
  }
  return rows;
}

async function* batches(rows: number) {
  for (let from = 0; from < rows; from += BATCH) yield batchOf(from, Math.min(BATCH, rows - from));
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);

const t0 = performance.now();
for await (const batch of batches(ROWS)) void batch;
const makeSeconds = (performance.now() - t0) / 1000;
console.log(`making the rows alone: ${Math.round(ROWS / makeSeconds).toLocaleString('en')} rows/s`);

for (let run = 1; run <= RUNS; run++) {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const file = run === RUNS && OUT ? createWriteStream(OUT) : null;
  const start = performance.now();
  const cpu = process.cpuUsage();
  const body = xlsxBody(layout, batches(ROWS));
  if (file) {
    const tee = new PassThrough();
    tee.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(body, tee, file);
  } else await pipeline(body, sink);
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(
    `run ${run}: ${ROWS.toLocaleString('en')} rows in ${seconds.toFixed(2)} s = ` +
      `${Math.round(ROWS / seconds).toLocaleString('en')} rows/s, ${(bytes / 1048576).toFixed(1)} MiB, ` +
      `CPU ${((used.user + used.system) / 1e6).toFixed(2)} s (zlib's threads too), ` +
      `peak RSS ${Math.round(peakRss / 1048576)} MiB, load ${load()}`,
  );
}
clearInterval(sampler);
