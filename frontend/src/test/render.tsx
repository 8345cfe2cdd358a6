import type { Me } from '@contracts/identity/api';
import { QueryClient } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { Providers } from '../app/providers';
import { meQuery } from '../entities/me';
import { useSession } from '../lib/session-store';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** A signed-in session whose profile is already in `queryClient`'s cache (as after a login). */
export function signInAs(me: Me, queryClient: QueryClient = createTestQueryClient()): QueryClient {
  queryClient.setQueryData(meQuery().queryKey, me);
  act(() => useSession.setState({ status: 'signed-in', accessToken: 'token' }));
  return queryClient;
}

export interface RenderOptions {
  /** The cache to render with (e.g. from `signInAs`); a fresh one otherwise. */
  queryClient?: QueryClient;
}

/** Shows where the router is, so a test can assert navigation like a user reading the address bar. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `ui` at `path` inside the app's providers; every path renders it, plus a location probe. */
export function renderAt(ui: ReactElement, path = '/', options: RenderOptions = {}): RenderResult {
  const element = (
    <>
      {ui}
      <LocationProbe />
    </>
  );
  return renderRoutes([{ path: '*', element }], path, options);
}

export function renderRoutes(routes: RouteObject[], path = '/', options: RenderOptions = {}): RenderResult {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <Providers queryClient={options.queryClient ?? createTestQueryClient()} mantineEnv="test">
      <RouterProvider router={router} />
    </Providers>,
  );
}
