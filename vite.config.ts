import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing (images and fonts are compressed already), from 1 KiB up. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * After the build, a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each
 * text file of the output, made once here so the server never compresses per request: it
 * sends the copy the browser accepts (server/platform/static.ts, `preCompressed`). A copy
 * that is not smaller than its file is not kept.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kessai-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const body = readFileSync(file);
        const keep = (suffix: string) => (out: Buffer) => {
          if (out.length < body.length) writeFileSync(file + suffix, out);
        };
        const params = {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        };
        work.push(brotli(body, { params }).then(keep('.br')), gz(body, { level: 9 }).then(keep('.gz')));
      }
      await Promise.all(work);
    },
  };
}

const CATALOGUE = 'virtual:kessai-catalogue/';

/**
 * `virtual:kessai-catalogue/<language>` (src/i18n/load.ts): one language's merged catalogue as
 * a module of its own, so the console loads the reader's language, not all three (the areas
 * write the three side by side, src/i18n/define.ts). In dev the catalogues are read through
 * Vite's module graph and a change to them reloads the page.
 */
function catalogues(): Plugin {
  let server: ViteDevServer | undefined;
  let root = process.cwd();
  /** The catalogues of a build, read once (with tsx: the areas are TypeScript). */
  let built: Promise<unknown> | undefined;
  return {
    name: 'kessai-catalogues',
    configResolved(config) {
      root = config.root;
    },
    configureServer(s) {
      server = s;
    },
    resolveId(id) {
      return id.startsWith(CATALOGUE) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${CATALOGUE}`)) return undefined;
      const lang = id.slice(CATALOGUE.length + 1);
      const i18n = (
        server
          ? await server.ssrLoadModule('/src/i18n/index.ts')
          : await (built ??= tsImport(pathToFileURL(path.join(root, 'src/i18n/index.ts')).href, {
              parentURL: pathToFileURL(`${root}/`).href,
            }))
      ) as typeof import('./src/i18n/index');
      const known = i18n.CATALOGUES.find((c) => c === lang);
      if (!known) this.error(`no catalogue ${lang}`);
      // A JSON string parses faster than the same object as a JavaScript literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(i18n.merge(known)))});`;
    },
    handleHotUpdate({ file, server: s }) {
      if (!file.includes(`${path.sep}src${path.sep}i18n${path.sep}`)) return;
      for (const m of s.moduleGraph.idToModuleMap.values())
        if (m.id?.startsWith(`\0${CATALOGUE}`)) s.moduleGraph.invalidateModule(m);
      s.ws.send({ type: 'full-reload' });
    },
  };
}

export default defineConfig({
  plugins: [react(), catalogues(), precompress()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' } },
});
