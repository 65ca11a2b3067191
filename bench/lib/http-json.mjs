// A lean JSON client for the bench's shoppers (place-and-pay, Checkout at the Razorpay double):
// node:http over kept-alive connections. Node's global fetch (undici) cost ~1.7 ms of CPU per
// request on the bench machine, a cost of the load generator that shares the cores with the shop
// (docs/performance.md, issue 28). Only against 127.0.0.1.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256, scheduling: 'lifo' });

function once(url, { method, headers, payload, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, agent, timeout: timeoutMs },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: chunks.length === 1 ? chunks[0].toString() : Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on('error', (error) => {
      error.reusedSocket = request.reusedSocket;
      reject(error);
    });
    request.end(payload);
  });
}

/**
 * `method` `url` with an optional JSON `body`; resolves with the status and the body's text. A
 * kept-alive connection the server closed just as it was reused (ECONNRESET before any answer)
 * is retried once on a new one, as Node's documentation advises.
 */
export async function requestJson(
  url,
  { method = 'GET', headers = {}, body, timeoutMs = 10_000 } = {},
) {
  if (!url.startsWith('http://127.0.0.1:'))
    throw new Error(`requests are sent to 127.0.0.1 only: ${url}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const options = {
    method,
    headers:
      payload === undefined
        ? headers
        : {
            ...headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
    payload,
    timeoutMs,
  };
  try {
    return await once(url, options);
  } catch (error) {
    if (error.reusedSocket && error.code === 'ECONNRESET') return once(url, options);
    throw error;
  }
}
