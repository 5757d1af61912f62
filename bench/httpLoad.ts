/**
 * The HTTP load loop the server benchmarks share: a worker thread (its own event loop) with
 * keep-alive connections, a bounded loop on loopback, not autocannon, which we do not depend on.
 */
import { Worker } from 'node:worker_threads';

export const KEY = 'chanterlab-anon';

export interface Spec {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  errors: number;
}

export function quantile(sorted: number[], q: number) {
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!.toFixed(3));
}

const LOAD = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { base, requests, seconds, connections } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const url = new URL(base);
function once(spec) {
  return new Promise((resolve) => {
    const body = spec.body ? JSON.stringify(spec.body) : undefined;
    const t0 = performance.now();
    const req = http.request({ host: url.hostname, port: url.port, path: spec.path, method: spec.method, agent,
      headers: { 'x-chanterlab-key': '${KEY}', ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) } },
      (res) => { res.resume(); res.on('end', () => resolve({ ok: res.statusCode < 400, ms: performance.now() - t0 })); });
    req.on('error', () => resolve({ ok: false, ms: performance.now() - t0 }));
    if (body) req.write(body);
    req.end();
  });
}
(async () => {
  const deadline = performance.now() + seconds * 1000;
  const latencies = []; let ok = 0, errors = 0, n = 0;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < deadline) {
      const r = await once(requests[n++ % requests.length]);
      latencies.push(r.ms); if (r.ok) ok++; else errors++;
    }
  }));
  agent.destroy();
  parentPort.postMessage({ ok, errors, latencies });
})();
`;

export async function load(
  name: string,
  base: string,
  requests: Spec[],
  { seconds, connections }: { seconds: number; connections: number },
): Promise<LoadResult> {
  console.log(`[bench] ${name} for ${seconds} s…`);
  const result = await new Promise<{ ok: number; errors: number; latencies: number[] }>(
    (resolve, reject) => {
      const worker = new Worker(LOAD, {
        eval: true,
        execArgv: [],
        workerData: { base, requests, seconds, connections },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  const sorted = result.latencies.sort((a, b) => a - b);
  return {
    name,
    requestsPerSecond: Math.round(result.ok / seconds),
    p50ms: quantile(sorted, 0.5),
    p99ms: quantile(sorted, 0.99),
    errors: result.errors,
  };
}

/** 100 distinct submit_high_score calls (plain insert path: no game session). */
export const submissionRequests: Spec[] = Array.from({ length: 100 }, (_, i) => ({
  method: 'POST' as const,
  path: '/api/rpc/submit_high_score',
  body: {
    params: {
      p_score: (i * 37) % 5000,
      p_level: (i % 5) + 1,
      p_local_user_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      p_initials: 'SUB',
    },
  },
}));
