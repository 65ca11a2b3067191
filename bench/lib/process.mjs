// Child processes of the bench: the shop server, the bare and naive baselines. Every one is
// started here, tracked, and killed by its own pid when the bench ends (even on failure).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureServerBuild } from '../../scripts/server-build.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');

const children = new Set();

/** A free TCP port on 127.0.0.1, chosen by the kernel. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `node args…` in the repository root; its output is kept for error messages. */
export function startChild(label, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  children.add(child);
  exited.then(() => children.delete(child));
  return {
    label,
    pid: child.pid,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const code = await Promise.race([exited, sleep(10_000).then(() => 'timeout')]);
      if (code === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** Kills whatever is still running (called on exit and on failure). */
export function killAll() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** Polls `url` until it answers 200, at most `timeoutMs`; returns the milliseconds it took. */
export async function waitForOk(url, { timeoutMs = 60_000, child } = {}) {
  const started = performance.now();
  for (let attempt = 0; attempt < 10_000; attempt++) {
    if (performance.now() - started > timeoutMs) break;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (child && (await Promise.race([child.exited.then(() => true), sleep(25)]))) {
      throw new Error(`${child.label} exited before it was ready:\n${child.output()}`);
    }
  }
  throw new Error(
    `${url} did not answer within ${timeoutMs} ms${child ? `:\n${child.output()}` : ''}`,
  );
}

/** Resident memory of a process in MB, from /proc/<pid>/status (VmRSS). */
export function residentMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples a process's resident memory every `everyMs` until stopped; gives the peak. */
export function sampleMemory(pid, everyMs = 100) {
  let peak = residentMb(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(pid) ?? 0);
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, residentMb(pid) ?? 0);
      return peak;
    },
  };
}

/**
 * The node flags of package.json's start script (the heap limits), read from it so that the
 * bench measures the server with the memory settings `npm start` gives it.
 */
export function serverNodeFlags() {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return scripts.start.split(/\s+/).filter((arg) => arg.startsWith('--'));
}

/** The shop server, as `npm start` runs it (its bundle) but without the web build step. */
export async function startShopServer({ label, port, env, webDistDir }) {
  const bundle = await ensureServerBuild({ quiet: true });
  const args = [
    ...serverNodeFlags(),
    ...(bundle ? [bundle] : ['--import', 'tsx', 'apps/server/src/server.ts']),
  ];
  const child = startChild(label, args, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    JWT_SECRET: BENCH_JWT_SECRET,
    ...(webDistDir ? { WEB_DIST_DIR: webDistDir } : {}),
    ...env,
  });
  const startupMs = await waitForOk(`http://127.0.0.1:${port}/api/health`, {
    timeoutMs: 120_000,
    child,
  });
  return { ...child, port, base: `http://127.0.0.1:${port}`, startupMs };
}

export const BENCH_JWT_SECRET = 'bench-only-secret-0123456789-abcdefghijklmnop';

/** USER_HZ: the unit of /proc's CPU times (100 on Linux everywhere in practice). */
const CLOCK_TICKS = 100;

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 once it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Busy CPU seconds of the whole machine (all cores), from the first line of /proc/stat. */
export function machineBusySeconds() {
  try {
    const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** Pids of the processes whose command line contains `text` (e.g. a database's backends). */
export function pidsMatching(text) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
