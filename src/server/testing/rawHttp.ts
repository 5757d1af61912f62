/**
 * HTTP/1.1 written by hand over a TCP socket (issue 13 'a raw-socket test for absolute-form and
 * dot-segment request targets'): app.inject() and fetch() both normalise the target before it
 * leaves the test, so only raw bytes reach the server as an attacker would send them.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The port a listening app is on (listen on port 0 first). */
export function portOf(app: FastifyInstance): number {
  return (app.server.address() as AddressInfo).port;
}

function parse(raw: Buffer): RawAnswer {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(Buffer.byteLength(text.slice(0, end + 4), 'latin1'));
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}

/**
 * Sends one request with exactly `target` on the request line and reads the answer until the
 * server closes the connection (`Connection: close`): no timers involved.
 */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawAnswer> {
  const head = [
    `${method} ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ...(body || method !== 'GET' ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(parse(Buffer.concat(chunks))));
    socket.on('error', reject);
    socket.write(`${head}\r\n\r\n${body}`);
  });
}
