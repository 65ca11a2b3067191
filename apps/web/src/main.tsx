import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index';
import { prefetchPageData } from './app/prefetch-page';
import { queryClient } from './lib/query-client';
import { startServiceWorkerWhenIdle } from './pwa/start-service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

prefetchPageData(queryClient, window.location);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

startServiceWorkerWhenIdle();
