import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * Vendor code that changes rarely gets its own long-cached chunk, so a deploy that only touches
 * the shop's code does not make returning shoppers download Preact again. Feature code is split
 * per route by the lazy imports in src/app/router.tsx.
 */
const vendorGroups = [
  { name: 'preact', test: /node_modules[\\/]preact[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 20 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 20 },
  { name: 'toast', test: /node_modules[\\/](react-toastify|clsx)[\\/]/, priority: 20 },
];

/**
 * The browser runs Preact's React-compatible layer instead of react-dom: react-dom alone is
 * ~68 kB of gzipped JavaScript, most of the 80 kB a shopper page may load before interaction
 * (issue 8), and preact/compat is ~10 kB. The code is still written and type-checked against
 * React's API (@types/react), and preact/compat 11 follows React 19 where the app relies on it
 * (ref as a prop, onFocus/onBlur bubbling like focusin/focusout, onChange firing per keystroke).
 * Unit tests (vitest.config.ts) render with React itself; the browser journeys (e2e/) run this
 * build, so they are the check that both behave the same.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];

/** The browser build's own plugins: the server-rendering build (issue 30) has no index.html. */
const clientBuildOnly = (_config: unknown, env: { command: string; isSsrBuild?: boolean }) =>
  env.command === 'build' && !env.isSsrBuild;

/** The shopper pages whose code should start downloading with the HTML (issue 8, LCP). */
const preloadedRoutes = [
  { path: /^\/$/, module: '/src/app/routes/home.tsx' },
  { path: /^\/shop(\/brand\/[^/]+)?\/?$/, module: '/src/app/routes/shop.tsx' },
  { path: /^\/product\/[^/]+\/?$/, module: '/src/app/routes/product.tsx' },
];

/**
 * The route-preload script's own part (ES5: it runs before anything else). A server-rendered page
 * (issue 30) lists the app's entry and its chunks in <meta name="app-scripts"> instead of linking
 * them (apps/server server-rendering.ts): it paints from its HTML alone, so they are requested
 * only once it has painted, and the slow link carries the page and nothing else until then (LCP).
 * A hidden tab never paints (no animation frames): it loads them at once.
 */
const routeScripts = `(function(){
var p=location.pathname,r=[ROUTES],files=[],i;
for(i=0;i<r.length;i++)if(r[i][0].test(p)){files=r[i][1];break}
function preload(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)}
var meta=document.querySelector('meta[name="app-scripts"]');
if(!meta){files.forEach(preload);return}
var listed=meta.content.split(' ');
function load(){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=listed[0];document.head.appendChild(s);listed.slice(1).concat(files).forEach(preload)}
function afterPaint(){if(document.visibilityState==='hidden')load();else requestAnimationFrame(function(){setTimeout(load,0)})}
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',afterPaint);else afterPaint();
})();
`;

/**
 * Pages are React.lazy chunks, so the first page's chunk (and the chunks it imports) used to be
 * requested only after the entry had downloaded and run: one more round trip before anything of
 * the page could paint. This plugin writes a tiny script, loaded async from index.html (the CSP
 * allows no inline script), that adds modulepreload links for the current path's chunks only,
 * so they download alongside the entry and a shopper never downloads another page's code.
 */
function routePreload(): Plugin {
  return {
    name: 'pharmacy:route-preload',
    apply: clientBuildOnly,
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byName.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') return;
      const loadedByEntry = closure(entry.fileName);
      const table = preloadedRoutes.map(({ path, module }) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!chunk) this.error(`route-preload: no chunk for ${module}`);
        const files = [...closure(chunk.fileName)].filter((file) => !loadedByEntry.has(file));
        return `[${path.toString()},${JSON.stringify(files.map((file) => `/${file}`))}]`;
      });
      const earlyEvents = readFileSync(
        path.join(import.meta.dirname, 'src/boot/early-events.js'),
        'utf8',
      );
      const source = `${earlyEvents}\n${routeScripts.replace('ROUTES', table.join(','))}`;
      const fileName = this.getFileName(
        this.emitFile({ type: 'asset', name: 'route-preload.js', source }),
      );
      html.source = String(html.source).replace(
        '</head>',
        `  <script async src="/${fileName}"></script>\n  </head>`,
      );
    },
  };
}

/**
 * The service worker (src/pwa/service-worker.ts, decision 0013), built on its own as one classic
 * script (not a module: every browser with service workers runs those) and written to /sw.js, a
 * name that never changes so browsers find a new worker on the next visit. It is given:
 * - a version, a hash of every file name of the build, index.html and the offline page, so each
 *   deploy has its own cache and the worker's bytes change with it;
 * - the app shell to keep at install: the /assets/ files index.html loads (entry script, its
 *   preloaded chunks, styles, the route-preload script). Runs after routePreload, which adds one.
 */
function serviceWorker(): Plugin {
  let root = '';
  let publicDir = '';
  return {
    name: 'pharmacy:service-worker',
    apply: clientBuildOnly,
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('service-worker: no index.html in the build');
      const htmlSource = String(html.source);
      const precache = [...htmlSource.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map(
        (match) => match[1] as string,
      );
      const offlinePage = path.join(publicDir, 'offline.html');
      if (!existsSync(offlinePage)) this.error('service-worker: no public/offline.html');
      const version = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .update(htmlSource)
        .update(readFileSync(offlinePage))
        .digest('hex')
        .slice(0, 12);
      const built = await build({
        configFile: false,
        root,
        mode: 'production',
        logLevel: 'warn',
        publicDir: false,
        define: {
          __SW_VERSION__: JSON.stringify(version),
          __SW_PRECACHE__: JSON.stringify([...new Set(precache)]),
        },
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          copyPublicDir: false,
          emptyOutDir: false,
          rolldownOptions: {
            input: path.join(root, 'src/pwa/service-worker.ts'),
            output: { format: 'iife', entryFileNames: 'sw.js' },
          },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]).flatMap((result) =>
        'output' in result ? result.output : [],
      );
      const worker = outputs.find((file) => file.type === 'chunk' && file.isEntry);
      if (worker?.type !== 'chunk') this.error('service-worker: the worker was not built');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker.code });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), routePreload(), serviceWorker()],
  resolve: { alias: preactAliases },
  // The server renders with the same Preact the browser runs (issue 30): every package is bundled
  // so react-router and TanStack Query resolve 'react' to preact/compat there too.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      onLog(level, log, handler) {
        // react-router reads React 19's useOptimistic and falls back when it is missing, as it
        // is in preact/compat; the warning about that import is expected.
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
      treeshake: {
        // @pharmacy/shared is pure (constants, rules, schemas) but does not say so in its
        // package.json; without this every schema, and zod with it, lands in the first chunk.
        moduleSideEffects: (id) => (/[\\/]packages[\\/]shared[\\/]/.test(id) ? false : undefined),
      },
      // The server's bundle (issue 30) is loaded from disk once; only the browser's is split.
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: vendorGroups,
              // Small chunks shared by a few pages (an icon, a button, a hook) are copied into the
              // chunks that use them instead of being fetched on their own: a shopper page needed
              // ~21 requests of mostly < 1 kB, and on HTTP/1.1 over slow 4G each round trip of them
              // delayed the first paint more than the few hundred duplicated bytes cost.
              experimentalInlineCommonChunks: { maxSize: 12000 },
            },
          },
    },
  },
}));
