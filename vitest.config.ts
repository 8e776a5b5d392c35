import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/setup/sequencer';

export default defineConfig({
  test: {
    include: ['tests/machines/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    // The console's catalogues, as the browser would have loaded them (tests/setup/catalogues.ts).
    setupFiles: ['tests/setup/catalogues.ts'],
    // Each kind of prepared database (migrated, demo data) made once per run and copied by the
    // server suites (tests/server/templates.ts).
    globalSetup: ['tests/setup/templates.ts'],
    testTimeout: 30000,
    // Suites that start real server processes (two processes, kill -9 recovery) share the two
    // cores with the others; a PGlite harness can then take over a minute to start.
    hookTimeout: 180000,
    // A worker runs its files in one module graph: the server's and the contract's modules are
    // loaded once per worker instead of once per file (imports took 211 s of the two workers'
    // time in a full run; 33 s so). Every suite builds its own app and database (harness), and no
    // test mocks a module, so nothing a file leaves in a module's state is another file's input.
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
    // The longest files first (tests/vitest-durations.json), so both workers finish together.
    sequence: { sequencer: LongestFirst },
  },
});
