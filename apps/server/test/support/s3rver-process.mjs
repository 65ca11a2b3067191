// s3rver in a process of its own, started by test/support/s3.ts with --openssl-legacy-provider:
// s3rver 3.7.1 makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 18 and
// later) has only in its legacy provider, so a truncated listing fails with 500 otherwise.
// A separate process is also closer to the real thing: the bucket does not share the app's loop.
import S3rver from 's3rver';

const { directory, bucket } = JSON.parse(process.argv[2] ?? '{}');
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.send?.({ port });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close().catch(() => undefined);
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
});
// The test process went away: do not outlive it.
process.on('disconnect', () => void stop());
