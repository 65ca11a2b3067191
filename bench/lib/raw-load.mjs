// A minimal HTTP/1.1 load generator for answers with binary bodies (images, gzip). autocannon 9
// appends every response body to a string (`req.body += data` in its pipelined-requests queue),
// which decodes the bytes as UTF-8: cheap for ASCII, but a 40 kB image of binary bytes takes it
// ~0.5 ms of CPU, so against a bare node:http server it tops out at ~1,900 req/s for such an image
// where it reaches ~22,000 for 40 kB of one repeated ASCII byte (bench/suites/scale-out.mjs, docs/
// performance.md). This client reads the status line and the headers and counts the body's bytes
// without looking at them (Content-Length or chunked), one request at a time per keep-alive
// connection, like autocannon without pipelining. Only against 127.0.0.1, bounded in time and count.
import net from 'node:net';
import { percentile } from './load.mjs';

const CRLFCRLF = Buffer.from('\r\n\r\n');

/**
 * Requests per second of GET `paths` (cycled) on `base` over `connections` keep-alive connections
 * for `seconds`, at most `maxRequests`. Counts 2xx and 3xx answers completed in time as done; the
 * same result shape as throughput() in load.mjs.
 */
export async function rawThroughput(base, paths, options = {}) {
  const url = new URL(base);
  if (url.hostname !== '127.0.0.1')
    throw new Error(`load is generated against 127.0.0.1 only: ${base}`);
  const {
    seconds = 5,
    connections = 16,
    maxRequests = 500_000,
    headers = { 'accept-encoding': 'gzip' },
  } = options;
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = paths.map((p) =>
    Buffer.from(`GET ${p} HTTP/1.1\r\nhost: ${url.host}\r\n${extra}\r\n`, 'latin1'),
  );
  const latencies = [];
  const counts = { ok: 0, other: 0, errors: 0, bytes: 0, responses: 0 };
  let sent = 0;
  let index = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const sockets = new Set();
  const timeUp = () => performance.now() >= deadline || sent >= maxRequests;

  const connection = () =>
    new Promise((resolve) => {
      const open = () => {
        const socket = net.connect({ host: url.hostname, port: Number(url.port) });
        sockets.add(socket);
        socket.setNoDelay(true);
        let ours = false; // closed by this client, not by the server
        let inFlight = false;
        let state = 'head';
        let head = Buffer.alloc(0);
        let line = '';
        let left = 0;
        let status = 0;
        let closeAfter = false;
        let sentAt = 0;

        const finish = () => {
          ours = true;
          socket.destroy();
        };
        const next = () => {
          if (timeUp()) return finish();
          sent += 1;
          inFlight = true;
          state = 'head';
          head = Buffer.alloc(0);
          sentAt = performance.now();
          socket.write(requests[index++ % requests.length]);
        };
        const done = () => {
          inFlight = false;
          const now = performance.now();
          counts.responses += 1;
          if (now <= deadline) {
            latencies.push(now - sentAt);
            if (status >= 200 && status < 400) counts.ok += 1;
            else counts.other += 1;
          }
          if (closeAfter) {
            finish();
            if (!timeUp()) open();
            else resolve();
            return false;
          }
          next();
          return true;
        };

        socket.on('connect', next);
        socket.on('error', () => {
          counts.errors += 1;
        });
        socket.on('close', () => {
          sockets.delete(socket);
          if (ours) {
            if (timeUp()) resolve();
            return;
          }
          if (inFlight && performance.now() < deadline) counts.errors += 1;
          if (timeUp()) resolve();
          else open();
        });
        socket.on('data', (chunk) => {
          counts.bytes += chunk.length;
          let offset = 0;
          while (offset < chunk.length) {
            if (state === 'head') {
              const before = head.length;
              head = before
                ? Buffer.concat([head, chunk.subarray(offset)])
                : chunk.subarray(offset);
              const end = head.indexOf(CRLFCRLF);
              if (end < 0) {
                if (before === 0) head = Buffer.from(head); // keep it past this chunk
                break;
              }
              const text = head.toString('latin1', 0, end).toLowerCase();
              status = Number(text.slice(9, 12));
              closeAfter = /\r\nconnection: *close/.test(text);
              offset += end + 4 - before;
              head = Buffer.alloc(0);
              if (/\r\ntransfer-encoding: *chunked/.test(text)) {
                state = 'size';
                line = '';
              } else {
                left = Number(/\r\ncontent-length: *(\d+)/.exec(text)?.[1] ?? 0);
                state = 'body';
                if (left === 0 && !done()) return;
              }
            } else if (state === 'body' || state === 'chunk') {
              const take = Math.min(left, chunk.length - offset);
              offset += take;
              left -= take;
              if (left === 0) {
                if (state === 'chunk') state = 'size';
                else if (!done()) return;
              }
            } else {
              // 'size' (a chunk's size line) or 'trailer' (lines until an empty one)
              const newline = chunk.indexOf(10, offset);
              if (newline < 0) {
                line += chunk.toString('latin1', offset);
                break;
              }
              line += chunk.toString('latin1', offset, newline);
              offset = newline + 1;
              const value = line.trim();
              line = '';
              if (state === 'trailer') {
                if (value === '' && !done()) return;
              } else {
                const size = parseInt(value.split(';')[0], 16);
                if (size === 0) state = 'trailer';
                else {
                  left = size + 2; // the chunk and its CRLF
                  state = 'chunk';
                }
              }
            }
          }
        });
      };
      open();
    });

  // Answers still outstanding two seconds after the end are abandoned.
  const abandon = setTimeout(
    () => {
      for (const socket of sockets) socket.destroy();
    },
    seconds * 1000 + 2_000,
  );
  await Promise.all(Array.from({ length: connections }, connection));
  clearTimeout(abandon);
  return {
    rps: counts.ok / seconds,
    requests: counts.ok,
    errors: counts.errors + counts.other,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    bytesPerRequest: counts.bytes / Math.max(1, counts.responses),
  };
}
