/**
 * Issue 13 item 15 (docs/decisions/015-memory-budget.md): PGlite runs with the memory settings
 * of pgliteSettings.ts, and a new data directory is created and migrated before the server
 * opens it (initPgliteDataDir.ts, in a child process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { hasPgliteDatabase } from './initPgliteDataDir.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function setting(database: Database, name: string): Promise<string> {
  const [row] = await database.rows<{ setting: string }>(
    sql`select current_setting(${name}) as setting`,
  );
  return row!.setting;
}

describe('issue 13.15: PGlite memory settings', () => {
  it('issue 13.15: shared_buffers 16MB (not 128MB), maintenance_work_mem 16MB, temp_buffers 1MB', async () => {
    const database = await openDatabase({ dataDir: 'memory://', migrate: false });
    try {
      expect(await setting(database, 'shared_buffers')).toBe('16MB');
      expect(await setting(database, 'maintenance_work_mem')).toBe('16MB');
      expect(await setting(database, 'temp_buffers')).toBe('1MB');
    } finally {
      await database.close();
    }
  });

  it('issue 13.15: PGLITE_SHARED_BUFFERS is honoured, also for a new directory made by the child', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chanterlab-pglite-settings-'));
    dirs.push(dir);
    const dataDir = join(dir, 'data');
    expect(hasPgliteDatabase(dataDir)).toBe(false);
    const database = await openDatabase({ dataDir, pgliteSharedBuffers: '8MB' });
    try {
      expect(hasPgliteDatabase(dataDir)).toBe(true);
      expect(await setting(database, 'shared_buffers')).toBe('8MB');
      // Migrated (by the child): the score table is there.
      const [row] = await database.rows<{ n: number }>(
        sql`select count(*)::int as n from tblblasterhighscore`,
      );
      expect(row!.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
