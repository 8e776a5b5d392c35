/**
 * `npm run bench:login -- [--runs N] [--url http://host:port] [--dist DIR] [--throttle]`
 *
 * Time to an interactive login form (issue #14): a fresh Chromium context (empty cache) opens
 * /login and waits until the login ID input exists, is enabled and takes the focus. The figure
 * is the page's own clock (performance.now(): from the navigation's start), the median and p90
 * of N runs, with the bytes that came over the wire before it and the same page opened again
 * in the same context (cache warm: hashed assets are immutable). `--throttle` emulates a
 * 20 Mbit/s link with 40 ms round trips (CDP), where compression shows.
 *
 * Without `--url` it builds nothing: it starts `node dist-server/main.mjs` (run
 * `npm run build` first) on port 8499 with KESSAI_DATA_DIR (default /tmp/kessai-bench/login),
 * waits for its banner and stops it afterwards. Browser: CHROMIUM_PATH or /usr/bin/chromium.
 * Prints a Markdown section for bench/RESULTS.md. Not a test: figures depend on the machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from 'playwright-core';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const runs = Number(opt('runs', '15'));
const throttle = args.includes('--throttle');
/** The built console the server sends (for the raw, gzip and brotli sizes of its scripts). */
const distDir = opt('dist', 'dist');
let base = opt('url', '');
let server: ChildProcess | undefined;

async function startServer(): Promise<string> {
  const port = process.env.PORT ?? '8499';
  const env = {
    ...process.env,
    PORT: port,
    KESSAI_DATA_DIR: process.env.KESSAI_DATA_DIR ?? '/tmp/kessai-bench/login',
    KESSAI_CAPTCHA: 'off',
  };
  server = spawn(process.execPath, ['dist-server/main.mjs'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const child = server;
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('Kessai console:')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before its banner`)));
  });
  return `http://127.0.0.1:${port}`;
}

/** Milliseconds from the navigation's start until the login ID input is enabled and focused. */
async function timeToLoginForm(page: Page): Promise<number> {
  await page.goto(`${base}/login`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    () => {
      const el = document.querySelector<HTMLInputElement>('input[name="login_id"]');
      if (!el || el.disabled) return false;
      el.focus();
      return document.activeElement === el ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function main() {
  if (!base) base = await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const cold: number[] = [];
  const warm: number[] = [];
  let wire = 0;
  let scripts: { url: string; encoding: string }[] = [];
  try {
    for (let run = 0; run <= runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (throttle) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 40,
          downloadThroughput: (20 * 1024 * 1024) / 8,
          uploadThroughput: (5 * 1024 * 1024) / 8,
        });
      }
      type Loaded = { url: string; bytes: number; encoding: string };
      const responses: Promise<Loaded | null>[] = [];
      const onFinished = (req: Request) =>
        responses.push(
          Promise.all([req.sizes(), req.response()])
            .then(([s, res]) => ({
              url: req.url(),
              bytes: s.responseBodySize + s.responseHeadersSize,
              encoding: res?.headers()['content-encoding'] ?? 'identity',
            }))
            .catch(() => null),
        );
      page.on('requestfinished', onFinished);
      const ms = await timeToLoginForm(page);
      page.off('requestfinished', onFinished);
      const loaded = (await Promise.all(responses)).filter((r): r is Loaded => r !== null);
      // Run 0 warms the server (its first reads of the files); it is not counted.
      if (run > 0) cold.push(ms);
      if (run === runs) {
        wire = loaded.reduce((sum, r) => sum + r.bytes, 0);
        scripts = loaded.filter((r) => /\.js(\?|$)/.test(r.url));
      }
      if (run > 0) warm.push(await timeToLoginForm(page));
      await context.close();
    }
  } finally {
    await browser.close();
    server?.kill('SIGTERM');
  }

  // The login page's scripts as built: raw, gzip and brotli sizes (what the server can send).
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const s of scripts) {
    const file = path.join(distDir, new URL(s.url).pathname);
    const body = readFileSync(file);
    raw += statSync(file).size;
    gz += gzipSync(body, { level: 9 }).length;
    br += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
  const lines = [
    `### Time to an interactive login form — ${new Date().toISOString().slice(0, 16)}Z`,
    '',
    `${base}/login, ${runs} runs${throttle ? ', throttled to 20 Mbit/s with 40 ms round trips' : ' on loopback'}; ` +
      `node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)} at the end.`,
    '',
    '| measure | value |',
    '| --- | --- |',
    `| cold cache: median / p90 | **${median(cold).toFixed(0)} ms** / ${quantile(cold, 0.9).toFixed(0)} ms |`,
    `| warm cache (same context, again): median / p90 | ${median(warm).toFixed(0)} ms / ${quantile(warm, 0.9).toFixed(0)} ms |`,
    `| bytes over the wire before the form (cold) | ${kib(wire)} |`,
    `| scripts loaded: files, raw / gzip -9 / brotli 11 | ${scripts.length}, ${kib(raw)} / ${kib(gz)} / ${kib(br)} |`,
    `| content-encoding of those scripts | ${encodings} |`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  server?.kill('SIGTERM');
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
