// The app's root: the query client (no retries: the request layer already reports failures), the
// router, the toaster, and the Translate link under the texts people read.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from '../components/Toaster';
import { TranslateLink } from '../features/translate/components/TranslateLink';
import { type ReadText, ReadTranslateContext } from '../lib/read-translate';
import { createRouter } from './router';

const translateLink = (text: ReadText) => <TranslateLink {...text} />;

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
      <ReadTranslateContext.Provider value={translateLink}>
        <RouterProvider router={router} />
      </ReadTranslateContext.Provider>
      <Toaster />
    </QueryClientProvider>
  );
}
