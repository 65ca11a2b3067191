// Builds the web app when its build is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isBuildFresh } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
/** The server-rendering bundle (issue 30), built by the same `npm run build`. */
const builtServerEntry = path.join(root, 'apps/web/dist-ssr/entry-server.js');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
].map((p) => path.join(root, p));

export function webBuildIsFresh() {
  return isBuildFresh(builtIndex, sources) && isBuildFresh(builtServerEntry, sources);
}

export function ensureWebBuild({ force = false } = {}) {
  if (!force && webBuildIsFresh()) return;
  console.log(
    force ? 'Building the web app…' : 'The web app build is missing or out of date; building it…',
  );
  const result = spawnSync('npm', ['run', 'build', '-w', '@pharmacy/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web app build failed.');
    process.exit(result.status ?? 1);
  }
}
