import { BrowserRouter, useRoutes } from 'react-router';
import { AppProvider } from './provider';
import { routes } from './router';

function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
