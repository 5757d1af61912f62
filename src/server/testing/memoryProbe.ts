/**
 * Preloaded into a server process a test starts (`node --expose-gc --import tsx --import
 * ./src/server/testing/memoryProbe.ts src/server/main.ts`, with an IPC channel) so the test
 * can read the server's own memory while it attacks it (issue 13 item 8). RSS alone cannot show
 * it: after start the process holds hundreds of MB that malloc has freed but kept, and new
 * buffers reuse that without raising RSS. Live JS heap plus external memory (Buffers: where ws
 * keeps received frames) is what an attacker could grow.
 *
 * Messages (run node with --expose-gc): 'reset' collects garbage until live memory settles,
 * takes that as the baseline and samples the peak every SAMPLE_MS from then on; 'report'
 * answers { baseline, peak, retained } in bytes of heapUsed + external, `retained` being live
 * memory once garbage is collected again.
 */
const SAMPLE_MS = 10;
/** Collections until live memory changes by less than this (freed buffers go in stages). */
const SETTLED_BYTES = 1024 * 1024;
const MAX_COLLECTIONS = 10;

function live(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

const collect = (globalThis as { gc?: () => void }).gc;

/** Live memory once garbage is collected: what the process really holds. */
async function settled(): Promise<number> {
  let last = live();
  for (let i = 0; i < MAX_COLLECTIONS && collect; i += 1) {
    collect();
    await new Promise((resolve) => setImmediate(resolve));
    const now = live();
    if (Math.abs(now - last) < SETTLED_BYTES) return now;
    last = now;
  }
  return last;
}

if (process.send) {
  let baseline = 0;
  let peak = 0;
  let sampler: NodeJS.Timeout | undefined;
  process.on('message', (message: unknown) => {
    if (message === 'reset') {
      void settled().then((value) => {
        baseline = value;
        peak = value;
        clearInterval(sampler);
        sampler = setInterval(() => (peak = Math.max(peak, live())), SAMPLE_MS);
        sampler.unref();
        process.send!({ type: 'reset', baseline });
      });
    } else if (message === 'report') {
      peak = Math.max(peak, live());
      const sampledPeak = peak;
      void settled().then((retained) =>
        process.send!({ type: 'report', baseline, peak: sampledPeak, retained }),
      );
    }
  });
  // The channel must not keep the server alive after main.ts has closed everything.
  process.channel?.unref();
}
