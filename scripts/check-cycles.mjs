// `npm run check:cycles`: fails on any import cycle in the server, the web app and the shared
// package (decision 0020). dpdm reads each file with the TypeScript compiler and follows every
// import, `import type` included: a cycle through types alone still ties two files together
// (db/client.ts ↔ db/before-commit.ts was one), and the cure is the same, a third file both
// import. `node scripts/check-cycles.mjs <folder>…` checks other folders (the tooling test).
import path from 'node:path';
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm';

const root = path.resolve(import.meta.dirname, '..');
const folders = process.argv.slice(2);
const roots = folders.length ? folders : ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

const tree = await parseDependencyTree(
  roots.map((folder) => `${path.relative(root, path.resolve(folder)) || '.'}/**/*.{ts,tsx}`),
  {
    context: root,
    transform: false, // keep type-only imports in the graph
    onProgress: () => {},
  },
);
const cycles = parseCircular(tree);
if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}); break each with a file both sides import:`);
  console.error(prettyCircular(cycles, '  '));
  process.exit(1);
}
console.log(`No import cycle in ${Object.keys(tree).length} files (${roots.join(', ')}).`);
