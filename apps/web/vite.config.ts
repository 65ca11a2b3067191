import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * Vendor code that changes rarely gets its own long-cached chunk, so a deploy that only touches
 * the shop's code does not make returning shoppers download React again. Feature code is split
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

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: preactAliases },
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
      treeshake: {
        // @pharmacy/shared is pure (constants, rules, schemas) but does not say so in its
        // package.json; without this every schema, and zod with it, lands in the first chunk.
        moduleSideEffects: (id) => (/[\\/]packages[\\/]shared[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
