import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { CartProvider } from '../features/cart/components/cart-provider';
import { queryClient as defaultQueryClient } from '../lib/query-client';

export function AppProvider({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider>{children}</CartProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
