// The bench's S3-compatible bucket: s3rver (a Node test server on Koa, files on disk, the same
// devDependency the server's tests use) on 127.0.0.1 in a process of its own, so it does not share
// the bench's event loop. Started by bench/suites/scale-out.mjs with --openssl-legacy-provider, as
// the tests start it (s3rver 3.7.1 signs listing continuation tokens with DES).
// Usage: node bench/s3-bucket-server.mjs <directory> <bucket> <port>
import S3rver from 's3rver';

const [directory, bucket, port] = process.argv.slice(2);
const server = new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
await server.run();
console.log(`s3rver ready on ${port}`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server
      .close()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  });
}
