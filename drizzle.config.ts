import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema and committed; the server applies them at start
// on PGlite or PostgreSQL alike (docs/decisions/003-database.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
