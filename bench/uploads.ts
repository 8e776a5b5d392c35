// Upload bombs against the server as `npm start` runs it (issue #12, fault 6).
// Usage: npx vite build --logLevel warn && node scripts/build-server.mjs && npx tsx bench/uploads.ts [--port 8192]
// [--server DIR] (the built server's folder, dist-server unless told: tests/server/benchmarks.test.ts builds its own)
// Starts dist-server/main.mjs on an empty embedded database in a temporary folder (removed
// afterwards), logs in, uploads a good CSV and XLSX, then sends workbook bombs together while
// asking /healthz every 20 ms, and prints the latencies, the time to each refusal and the
// server's memory (VmRSS / VmHWM) as Markdown. Traffic goes to 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { overHttp, signIn } from './common';
import {
  csv,
  deflateRows,
  multipart,
  SHEET_HEAD,
  SHEET_TAIL,
  sheetRow,
  workbookParts,
  xlsx,
  XLSX_TYPE,
  zipOf,
} from '../tests/server/uploads-support';

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const port = Number(option('port', '8192'));
const serverDir = option('server', 'dist-server');
const base = `http://127.0.0.1:${port}`;
if (!existsSync(`${serverDir}/main.mjs`) || !existsSync(`${serverDir}/upload-worker.mjs`))
  throw new Error('build first: npx vite build --logLevel warn && node scripts/build-server.mjs');

const memory = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key: string) => Math.round(Number(new RegExp(`${key}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024);
  return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = mkdtempSync(join(tmpdir(), 'kessai-bench-uploads-'));
const server = spawn(process.execPath, [`${serverDir}/main.mjs`], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    KESSAI_DATA_DIR: dataDir,
    KESSAI_CAPTCHA: 'off',
    KESSAI_DEMO_ORDERS: '0',
    DATABASE_URL: '',
    KESSAI_LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** Signs in as a person would: the password, then the second factor the account owes. */
const login = (loginId: string) => signIn(overHttp(base), loginId, 'kessai-demo-2026');

async function send(token: string, name: string, data: Buffer, type = XLSX_TYPE) {
  const { payload, contentType } = multipart({}, { name, type, data });
  const started = performance.now();
  const res = await fetch(`${base}/api/pay/pay/uploadFile`, {
    method: 'POST',
    headers: { 'content-type': contentType, 'x-submit-token': token },
    body: new Uint8Array(payload),
  });
  const body = (await res.json()) as {
    resultType: string;
    resultMessage: string;
    errors?: { file?: string };
  };
  return {
    name,
    ms: Math.round(performance.now() - started),
    reply: body.errors?.file ?? body.resultMessage,
  };
}

/** Uploads sent together while /healthz is asked every 20 ms. */
async function together(token: string, files: [string, Buffer][]) {
  const latencies: number[] = [];
  let going = true;
  const health = (async () => {
    while (going) {
      const started = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.text();
      latencies.push(performance.now() - started);
      await sleep(20);
    }
  })();
  const before = memory(server.pid!);
  const replies = await Promise.all(files.map(([name, data]) => send(token, name, data)));
  going = false;
  await health;
  const after = memory(server.pid!);
  latencies.sort((a, b) => a - b);
  const p = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  return { replies, health: { n: latencies.length, p50: p(0.5), p95: p(0.95), max: p(1) }, before, after };
}

try {
  for (let i = 0; ; i++) {
    if (i > 900) throw new Error('server did not start');
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await login('admin'); // the system administrator logs in too; uploads are the company's
  const token = await login('co-admin');
  const idle = memory(server.pid!);

  const good = [
    await send(
      token,
      'links.csv',
      csv(
        [
          ['amount', 'subject'],
          [1200, 'CSV'],
        ],
        true,
      ),
      'text/csv',
    ),
    await send(
      token,
      'links.xlsx',
      await xlsx([
        ['amount', 'subject'],
        [4500, 'XLSX'],
      ]),
    ),
  ];

  const long = 'A'.repeat(1000);
  const rows = (times: number) =>
    deflateRows({
      head: SHEET_HEAD + sheetRow(1, ['amount', 'subject']),
      row: (i) => sheetRow(i + 1, ['1', long]),
      times,
      tail: SHEET_TAIL,
    });
  const big = await rows(40_000);
  const atLimit = zipOf(workbookParts({ name: 'xl/worksheets/sheet1.xml', deflated: await rows(30_000) }));
  const SHEET = 'xl/worksheets/sheet1.xml';
  const bombs: [string, Buffer][] = [
    ['declared', zipOf(workbookParts({ name: SHEET, deflated: big }))],
    ['lying', zipOf(workbookParts({ name: SHEET, deflated: big, declaredSize: 900_000 }))],
    [
      'overlapping',
      zipOf(
        [
          { name: SHEET, deflated: big, declaredSize: 900_000 },
          ...workbookParts('').filter((p) => p.name !== SHEET),
        ],
        { overlap: ['xl/worksheets/sheet2.xml', 'xl/worksheets/sheet3.xml'] },
      ),
    ],
    ['atLimit', atLimit],
  ];
  const mixed = await together(token, bombs);
  const heavy = await together(token, [
    ['atLimit 1', atLimit],
    ['atLimit 2', atLimit],
    ['atLimit 3', atLimit],
  ]);
  const final = memory(server.pid!);

  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`node ${process.version}, load average at the end ${load}\n`);
  console.log(`Idle after start and login: VmRSS ${idle.rss} MiB, VmHWM ${idle.hwm} MiB.\n`);
  console.log('| upload | sizes | reply | ms |');
  console.log('| --- | --- | --- | --- |');
  for (const r of good) console.log(`| ${r.name} | small | ${r.reply} | ${r.ms} |`);
  const sizes: Record<string, string> = {
    declared: `${(bombs[0][1].length / 1024).toFixed(0)} KB → ${(big.size / 1e6).toFixed(1)} MB, declared`,
    lying: `${(bombs[1][1].length / 1024).toFixed(0)} KB → ${(big.size / 1e6).toFixed(1)} MB, 0.9 MB declared`,
    overlapping: 'the same data under 3 names',
    atLimit: `${(atLimit.length / 1024).toFixed(0)} KB → 33.5 MB, declared`,
  };
  for (const [label, run] of [
    ['4 bombs together', mixed],
    ['3 × atLimit together', heavy],
  ] as const) {
    for (const r of run.replies)
      console.log(`| ${label}: ${r.name} | ${sizes[r.name.split(' ')[0]]} | ${r.reply} | ${r.ms} |`);
  }
  console.log(
    '\n| batch | /healthz answers | p50 ms | p95 ms | max ms | VmRSS before → after MiB | VmHWM MiB |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [label, run] of [
    ['4 bombs together', mixed],
    ['3 × atLimit together', heavy],
  ] as const)
    console.log(
      `| ${label} | ${run.health.n} | ${run.health.p50} | ${run.health.p95} | ${run.health.max} | ${run.before.rss} → ${run.after.rss} | ${run.after.hwm} |`,
    );
  console.log(`\nAt the end: VmRSS ${final.rss} MiB, VmHWM ${final.hwm} MiB.`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
