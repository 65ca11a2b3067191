// The listing baseline: a bare node:http server that answers each recorded path with exactly the
// bytes and headers the shop sent for it (recorded once, replayed from memory). Whatever the shop
// does beyond this is its own cost. Usage: node bench/bare-server.mjs <answers.json> <port>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file, 'utf8'));
const answers = new Map(
  Object.entries(recorded).map(([path, answer]) => [
    path,
    { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body, 'base64') },
  ]),
);

http
  .createServer((request, response) => {
    const answer = answers.get(request.url);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  })
  .listen(Number(port), '127.0.0.1');
