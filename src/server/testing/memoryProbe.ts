/**
 * Preloaded into a server process a test starts (`node --expose-gc --import tsx --import
 * ./src/server/testing/memoryProbe.ts src/server/main.ts`, with an IPC channel) so the test
 * can read the server's own memory while it attacks it (issue 13 item 8). RSS alone cannot show
 * it: after start the process holds hundreds of MB that malloc has freed but kept, and new
 * buffers reuse that without raising RSS. Live JS heap plus external memory (Buffers: where ws
 * keeps received frames) is what an attacker could grow.
 *
 * Messages: 'reset' collects garbage, takes the baseline and starts sampling the peak every
 * SAMPLE_MS; 'report' answers { baseline, peak, now } in bytes (heapUsed + external).
 */
const SAMPLE_MS = 10;

function live(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

const collect = (globalThis as { gc?: () => void }).gc;

if (process.send) {
  let baseline = 0;
  let peak = 0;
  let sampler: NodeJS.Timeout | undefined;
  process.on('message', (message: unknown) => {
    if (message === 'reset') {
      collect?.();
      baseline = live();
      peak = baseline;
      clearInterval(sampler);
      sampler = setInterval(() => (peak = Math.max(peak, live())), SAMPLE_MS);
      sampler.unref();
      process.send!({ type: 'reset', baseline });
    } else if (message === 'report') {
      const now = live();
      peak = Math.max(peak, now);
      process.send!({ type: 'report', baseline, peak, now });
    }
  });
  // The channel must not keep the server alive after main.ts has closed everything.
  process.channel?.unref();
}
