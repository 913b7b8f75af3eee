// The app's root: the query client (no retries: the request layer already reports failures), the
// router and the toaster.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/Toaster';
import { createRouter } from './router';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The request helper already toasts failures; retrying a 4xx would only repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
