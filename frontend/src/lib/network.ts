import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { ApiError } from './api-error';

/** What a write says when the browser has no network: it is refused, never queued out of sight. */
export const OFFLINE_MESSAGE = 'Você está offline. Conecte-se à internet para salvar.';

export const isOffline = (): boolean =>
  typeof navigator !== 'undefined' && navigator.onLine === false;

export const offlineError = () => new ApiError(0, 'offline', OFFLINE_MESSAGE);

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a network (its `online` / `offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !isOffline(),
    () => true,
  );
}

/**
 * Whether the data saved on this device (app/offline/persisted-cache.ts) was put back into the
 * query cache: until then an offline session cannot tell "nothing saved" from "not read yet".
 */
export const useSavedCache = create<{ restored: boolean }>(() => ({ restored: false }));
