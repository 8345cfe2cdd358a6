import { z } from 'zod';

declare const __VIRA_ENV__: unknown;

const envSchema = z.object({
  apiBaseUrl: z.string().min(1).default('/api'),
  socketPath: z.string().min(1).default('/socket.io'),
  appVersion: z.string().min(1).default('1.0.0'),
});

export type Env = z.infer<typeof envSchema>;

// Vite replaces __VIRA_ENV__ at build time (vite.config.ts `define`); under jest it is absent and the defaults apply.
const raw = typeof __VIRA_ENV__ === 'undefined' ? {} : __VIRA_ENV__;

export const env: Env = envSchema.parse(raw);
