// Builds the web app when its build is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
].map((p) => path.join(root, p));

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function webBuildIsFresh() {
  if (!existsSync(builtIndex)) return false;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.every((source) => newestMtime(source) <= builtAt);
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
