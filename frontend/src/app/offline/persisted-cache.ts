import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { env } from '../../config/env';
import { useSavedCache } from '../../lib/network';
import { useSession } from '../../lib/session-store';

/**
 * The signed-in user's server state saved on this device (IndexedDB), so the agenda, the students
 * and the dashboard of the last sync stay readable without a network. Saved a moment after the
 * cache changes, put back when the app starts, deleted when the session ends (app/session-cache.ts).
 * Only successful answers are saved; the API's no-store answers are kept by the app, never by the
 * HTTP cache or the service worker.
 */

const DATABASE = 'vira';
const STORE = 'query-cache';
const KEY = 'signed-in-user';
/** Older data is not worth showing as "the last sync". */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 1_000;

/** What is saved: the successful answers, except those marked NOT_SAVED (lib/query-meta.ts). */
export function savedState(queryClient: QueryClient): DehydratedState {
  return dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.saved !== false,
  });
}

export interface Saved {
  savedAt: number;
  /** The contracts the answers were read under: another version's shapes are not put back. */
  contractsVersion?: string;
  state: DehydratedState;
}

/**
 * Whether answers saved on this device may be put back: read under these contracts (an answer of
 * another shape would break the screens that read it) and under a week old.
 */
export function isRestorable(saved: Saved | undefined, now: number): saved is Saved {
  return (
    saved !== undefined &&
    saved.contractsVersion === env.contractsVersion &&
    now - saved.savedAt < MAX_AGE_MS
  );
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB indisponível'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB falhou'));
    });
  } finally {
    database.close();
  }
}

/** Deletes what was saved (the session ended: the next user of this browser sees nothing of it). */
export async function forgetSavedCache(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}

/**
 * Puts saved answers back, newer answers already in the cache winning. What comes back is a picture
 * of an earlier page that heard no change since: it shows at once but is marked stale, so the next
 * read of it (a screen, the offline prefetch with its minute of freshness) asks the server again.
 */
export function restoreSaved(queryClient: QueryClient, state: DehydratedState): void {
  hydrate(queryClient, state);
  for (const saved of state.queries) {
    const query = queryClient.getQueryCache().get(saved.queryHash);
    if (query && query.state.dataUpdatedAt === saved.state.dataUpdatedAt) query.invalidate();
  }
}

/**
 * Puts the saved data back (restoreSaved) and saves from now on.
 * Answers the function that stops saving.
 */
export async function restoreAndKeepSaving(queryClient: QueryClient): Promise<() => void> {
  try {
    const saved = await run<Saved | undefined>(
      'readonly',
      (store) => store.get(KEY) as IDBRequest<Saved | undefined>,
    );
    // A session that ended while this was read has had its data deleted; nothing comes back.
    const ended = useSession.getState().status === 'signed-out';
    if (isRestorable(saved, Date.now()) && !ended) restoreSaved(queryClient, saved.state);
  } catch {
    // No IndexedDB (private mode, quota): the app works online as before.
  } finally {
    useSavedCache.setState({ restored: true });
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const state = savedState(queryClient);
    if (state.queries.length === 0) return;
    void run('readwrite', (store) =>
      store.put({ savedAt: Date.now(), contractsVersion: env.contractsVersion, state } satisfies Saved, KEY),
    ).catch(() => undefined);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || timer) return;
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  // A reload or a closed tab within the delay saves what it was about to.
  const saveNow = () => {
    if (!timer) return;
    clearTimeout(timer);
    save();
  };
  window.addEventListener('pagehide', saveNow);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('pagehide', saveNow);
  };
}
