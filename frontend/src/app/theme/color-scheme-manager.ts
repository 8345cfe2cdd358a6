import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/** localStorage key and values fixed by spec 000 §9: 'light' | 'dark' | 'system', default 'system'. */
export const THEME_STORAGE_KEY = 'theme';
export type ThemePreference = 'light' | 'dark' | 'system';

export function toThemePreference(scheme: MantineColorScheme): ThemePreference {
  return scheme === 'auto' ? 'system' : scheme;
}

function toColorScheme(value: string | null): MantineColorScheme | null {
  if (value === 'light' || value === 'dark') return value;
  if (value === 'system') return 'auto';
  return null;
}

export function themeColorSchemeManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | null = null;

  return {
    get: (defaultValue) => {
      try {
        return toColorScheme(window.localStorage.getItem(THEME_STORAGE_KEY)) ?? defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set: (value) => {
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, toThemePreference(value));
      } catch {
        // Storage can be unavailable (private mode); the choice then lasts for this page only.
      }
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        const scheme = event.storageArea === window.localStorage && event.key === THEME_STORAGE_KEY ? toColorScheme(event.newValue) : null;
        if (scheme) onUpdate(scheme);
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
      listener = null;
    },
    clear: () => {
      window.localStorage.removeItem(THEME_STORAGE_KEY);
    },
  };
}
