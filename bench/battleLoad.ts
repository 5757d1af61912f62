/**
 * Runs bench:battle's simulated players (bench/battlePlayers.mjs) in a child process, so the
 * server being measured has a core of its own (issue 17 'Measured'; the first figures had the
 * players in a worker thread of the server's process). Resolves with every latency measured.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { notes } from '../src/music/notes.ts';

export interface PlayerLoad {
  latencies: number[];
  matchesStarted: number;
  matchesFinished: number;
  errors: string[];
}

const SCRIPT = fileURLToPath(new URL('./battlePlayers.mjs', import.meta.url));

/** `bases`: one server, or two (rooms made on the first, joined on the second). */
export function runPlayers(
  bases: readonly string[],
  mode: 'echo' | 'battle',
  players: number,
  seconds: number,
): Promise<PlayerLoad> {
  const hz = Object.fromEntries(notes.map((n) => [n.pitch, n.frequency]));
  return new Promise((resolve, reject) => {
    const child = fork(SCRIPT, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (result) => resolve(result as PlayerLoad));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`players exited with ${code}`));
    });
    child.send({ bases, players, seconds, mode, hz });
  });
}
