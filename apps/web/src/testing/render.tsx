import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { CartProvider } from '../features/cart/components/cart-provider';
import { createQueryClient, queryConfig } from '../lib/query-client';

export function createTestQueryClient(): QueryClient {
  return createQueryClient({
    ...queryConfig,
    queries: { ...queryConfig.queries, retry: false, gcTime: Infinity },
  });
}

/** Renders one component with the query client, toasts and a router, as the app would. */
export function renderWithProviders(ui: ReactElement, { url = '/' }: { url?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  const queryClient = createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <CartProvider>
        <RouterProvider router={router} />
      </CartProvider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
