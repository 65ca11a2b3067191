// `npm start`: build the web app if needed, then run the server (migrate, seed, serve) in this process.
import { register } from 'tsx/esm/api';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
register();
await import('../apps/server/src/server.ts');
