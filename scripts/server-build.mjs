// Bundles the server (apps/server/src and packages/shared, TypeScript) into one ES module that
// plain `node` runs, when the bundle is missing or older than any of its sources. Starting from
// the bundle skips transpiling ~150 files through tsx on every start (about a second of the
// embedded start-up on a 2-core machine, docs/performance.md). npm packages stay external and
// load from node_modules as usual. Used by `npm start` and the bench; `npm run dev` keeps tsx.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isBuildFresh } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const entry = path.join(root, 'apps/server/src/server.ts');
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/server.mjs');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'scripts/server-build.mjs',
].map((p) => path.join(root, p));

export function serverBuildIsFresh() {
  return isBuildFresh(SERVER_BUNDLE, sources);
}

/**
 * Modules find files next to their source (the migrations folder, the web build) through
 * import.meta.dirname; in the bundle that is apps/server/dist, so each use is rewritten to the
 * source file's own folder, relative to the bundle (the checkout can still be moved).
 */
const keepDirname = {
  name: 'keep-import-meta-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const relative = path.relative(path.dirname(SERVER_BUNDLE), path.dirname(args.path));
      return {
        contents: source.replaceAll(
          'import.meta.dirname',
          `(import.meta.dirname + ${JSON.stringify(`/${relative.split(path.sep).join('/')}`)})`,
        ),
        loader: 'ts',
      };
    });
  },
};

/** npm packages are loaded from node_modules; the workspace's own TypeScript is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pharmacy/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The bundle's path, built first if needed; undefined when it cannot be built (esbuild missing
 * or a build error), in which case the caller runs the sources through tsx as before.
 */
export async function ensureServerBuild({ quiet = false } = {}) {
  if (serverBuildIsFresh()) return SERVER_BUNDLE;
  try {
    const esbuild = await import('esbuild');
    if (!quiet) console.log('Bundling the server…');
    await esbuild.build({
      entryPoints: [entry],
      outfile: SERVER_BUNDLE,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'error',
      plugins: [keepDirname, externalPackages],
    });
    return SERVER_BUNDLE;
  } catch (error) {
    if (!quiet)
      console.warn(
        `Could not bundle the server (${error instanceof Error ? error.message.split('\n')[0] : error}); running it through tsx.`,
      );
    return undefined;
  }
}
