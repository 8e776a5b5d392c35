import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/machines/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
