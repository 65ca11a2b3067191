// Shared by web-build.mjs and server-build.mjs: a build is fresh when its output is newer than
// every file of its sources, so `npm start` rebuilds only after a change.
import { existsSync, readdirSync, statSync } from 'node:fs';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(`${target}/${entry}`));
  return newest;
}

export function isBuildFresh(output, sources) {
  if (!existsSync(output)) return false;
  const builtAt = statSync(output).mtimeMs;
  return sources.every((source) => newestMtime(source) <= builtAt);
}
