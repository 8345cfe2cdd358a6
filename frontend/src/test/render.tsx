import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { Providers } from '../app/providers';

function TestProviders({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <Providers queryClient={queryClient} mantineEnv="test">
      {children}
    </Providers>
  );
}

/** Shows where the router is, so a test can assert navigation like a user reading the address bar. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `ui` at `path` inside the app's providers; every path renders it, plus a location probe. */
export function renderAt(ui: ReactElement, path = '/'): RenderResult {
  const element = (
    <>
      {ui}
      <LocationProbe />
    </>
  );
  return renderRoutes([{ path: '*', element }], path);
}

export function renderRoutes(routes: RouteObject[], path = '/'): RenderResult {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}
