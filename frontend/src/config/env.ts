declare const __VIRA_ENV__: unknown;

export interface Env {
  apiBaseUrl: string;
  socketPath: string;
  appVersion: string;
  /** Changes with the API's contracts: a device's saved answers of another version are dropped. */
  contractsVersion: string;
}

const defaults: Env = { apiBaseUrl: '/api', socketPath: '/socket.io', appVersion: '1.0.0', contractsVersion: 'dev' };

/** Each setting is a non-empty string, or absent for its default; anything else stops the app, naming it. */
export function parseEnv(raw: unknown): Env {
  const given = (raw ?? {}) as Partial<Record<keyof Env, unknown>>;
  const read = (key: keyof Env): string => {
    const value = given[key];
    if (value === undefined) return defaults[key];
    if (typeof value !== 'string' || value.length === 0) throw new Error(`Configuração inválida: ${key}`);
    return value;
  };
  return {
    apiBaseUrl: read('apiBaseUrl'),
    socketPath: read('socketPath'),
    appVersion: read('appVersion'),
    contractsVersion: read('contractsVersion'),
  };
}

// Vite replaces __VIRA_ENV__ at build time (vite.config.ts `define`); under jest it is absent and the defaults apply.
// Parsed by hand rather than with zod: this runs on every first load, and zod would weigh more than the app.
export const env: Env = parseEnv(typeof __VIRA_ENV__ === 'undefined' ? {} : __VIRA_ENV__);
