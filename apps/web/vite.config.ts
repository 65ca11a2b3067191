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
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 20 },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 20 },
  { name: 'toast', test: /node_modules[\\/](react-toastify|clsx)[\\/]/, priority: 20 },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
