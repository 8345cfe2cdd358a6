import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { readHomeAhead } from './app/home-reads';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';
import { clearCacheWhenSessionEnds, profileFromSession } from './app/session-cache';
import { realtimeJoined } from './lib/realtime-joined';
import { useSession } from './lib/session-store';
import { whenIdle } from './lib/when-idle';

/** The service worker is registered when the page is next idle after its load, at the latest after this. */
const SERVICE_WORKER_IDLE_WITHIN_MS = 5_000;

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();
clearCacheWhenSessionEnds(queryClient);
profileFromSession(queryClient);
readHomeAhead(queryClient, () => router.state.location.pathname);

void useSession.getState().load();
// What the last sync saved on this device, for reading offline; loaded beside the session.
void import('./app/offline/persisted-cache').then(({ restoreAndKeepSaving }) => restoreAndKeepSaving(queryClient));

// Once signed in and the first screen is up: this week's and next week's agenda, the students and
// the dashboard fetched ahead, so they can be read offline even if those pages were not opened. Not
// before the socket has joined (or, without one, 10 s): the reads its joining refetches would be
// made twice, beside the first screen's own. Then when the page is idle.
let prefetched = false;
useSession.subscribe(({ status }) => {
  if (status === 'signed-out') prefetched = false;
  if (status !== 'signed-in' || prefetched) return;
  prefetched = true;
  const prefetch = () =>
    void import('./app/offline/prefetch').then(({ prefetchForOffline }) => prefetchForOffline(queryClient)).catch(() => undefined);
  const settled = new Promise((resolve) => setTimeout(resolve, 10_000));
  void Promise.race([realtimeJoined, settled])
    .then(() => whenIdle(2_000))
    .then(prefetch);
});

const root = document.getElementById('root');
if (!root) throw new Error('Elemento #root não encontrado');

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// The service worker (offline shell, update prompt) once the page is up and idle, never before:
// installing it downloads the whole build for offline use (2 MB), and on a slow phone the page's
// 'load' came before the first screen's data, whose reads it then competed with.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void whenIdle(SERVICE_WORKER_IDLE_WITHIN_MS)
      .then(() => import('./app/pwa/update-prompt'))
      .then(({ registerServiceWorker }) => registerServiceWorker());
  });
}
