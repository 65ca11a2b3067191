// `npm start`: build the web app if needed, then run the server (migrate, seed, serve) in this
// process: from its bundle (built on the first start and after any source change, see
// scripts/server-build.mjs), or through tsx when the bundle cannot be built.
import { pathToFileURL } from 'node:url';
import { ensureServerBuild } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
const bundle = await ensureServerBuild();
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../apps/server/src/server.ts');
}
