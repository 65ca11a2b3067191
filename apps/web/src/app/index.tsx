import { BrowserRouter, useRoutes } from 'react-router';
import { HydrateLater } from '../components/ui/hydrate-later';
import { AppProvider } from './provider';
import { routes } from './router';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        {/* The providers hydrate first and the routes (matching, the page's frame) in a task of
            their own: together they were the longest task of a rendered page (TBT, issue 30). */}
        <HydrateLater id="app-routes">
          <AppRoutes />
        </HydrateLater>
      </BrowserRouter>
    </AppProvider>
  );
}
