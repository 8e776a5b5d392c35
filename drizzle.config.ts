import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations into server/db/migrations (committed). */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
