/**
 * The real server as a child process (`node --import tsx src/server/main.ts`), for tests of
 * what happens at start: the DATA_DIR lock, its permissions, configuration errors. PORT=0 by
 * default: the address is read from Fastify's 'Server listening at' log line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<Exit>;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with the base URL once the server listens; rejects if it exits first. */
  listening: Promise<string>;
  /** SIGKILL if still running, and wait for the exit. */
  kill(): Promise<void>;
}

/** Only what the server needs: nothing of the test runner's environment leaks in. */
function serverEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    if (process.env[name] !== undefined) base[name] = process.env[name];
  }
  return {
    ...base,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    STATIC_DIR: join(tmpdir(), 'chanterlab-no-such-dist'),
    ...vars,
  };
}

export function spawnServer(vars: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: serverEnv(vars),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      look();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((exit) =>
      reject(new Error(`server exited before listening (${JSON.stringify(exit)}):\n${output}`)),
    );
  });
  // A test that only expects an exit must not leave an unhandled rejection behind.
  listening.catch(() => undefined);
  return {
    child,
    exited,
    output: () => output,
    listening,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
