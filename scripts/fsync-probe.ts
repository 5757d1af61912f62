/**
 * Shows whether PGlite's commits reach the disk (issue 13.3, docs/decisions/014): opens a
 * PGlite data directory either as PGlite starts by default (`-F`, NODEFS without fsync) or
 * the way Chanterlab opens it (DurableNodeFS + durableStartParams), then makes COMMITS
 * single-row commits. Run it under strace to count the syscalls:
 *
 *   strace -f -c -e trace=fsync,fdatasync,sync_file_range,msync \
 *     node --import tsx scripts/fsync-probe.ts durable 200
 *   … default 200        (PGlite's own defaults)
 *
 * Between the two marker lines only the commits run; `strace -f -e trace=fsync,…,write` with
 * the markers shows which calls fall between them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, durableStartParams } from '../src/server/db/durableNodeFs.ts';

const mode = process.argv[2] ?? 'durable';
const commits = Number(process.argv[3] ?? 100);
const dir = mkdtempSync(join(tmpdir(), 'chanterlab-fsync-probe-'));
const dataDir = join(dir, 'data');
const client =
  mode === 'durable'
    ? await PGlite.create({ fs: new DurableNodeFS(dataDir), startParams: durableStartParams() })
    : await PGlite.create({ dataDir });
await client.exec('create table t (n int primary key, pad text)');
await client.exec('checkpoint');
process.stderr.write(`PROBE-START ${mode} ${commits}\n`);
for (let n = 0; n < commits; n++) {
  await client.query('insert into t values ($1, $2)', [n, 'x'.repeat(100)]);
}
process.stderr.write('PROBE-END\n');
await client.close();
rmSync(dir, { recursive: true, force: true });
