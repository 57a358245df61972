import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { consoleQueryClient } from './api/client';
import { buildConsoleRoutes } from './routes';

/** The console as an app of its own: its router and its query client. */
export function ConsoleApp({ router = createBrowserRouter(buildConsoleRoutes()) }: { router?: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      <QueryClientProvider client={consoleQueryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
