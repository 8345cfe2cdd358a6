import { z } from 'zod';
import { identityConfigShape } from '../identity/identity.config';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/vira'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]+$/i)
    .default('vira'),
  JWT_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  STATIC_DIR: z.string().optional(),
  MIGRATE_ON_START: booleanFromEnv.default(true),
  APP_TIME_ZONE: z.string().default('America/Sao_Paulo'),
  // Whom to believe about the client's address (X-Forwarded-For): 'false' (nobody: the socket
  // address), a number of proxy hops, or addresses/CIDRs. 'true' trusts anyone and lets a client
  // pick its own address, so per-address rate limits would mean nothing.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string =>
      value === 'false' ? false : value === 'true' ? true : /^\d+$/.test(value) ? Number(value) : value,
    ),
  ...identityConfigShape,
});

type RawConfig = z.infer<typeof configSchema>;
export type AppConfig = Omit<RawConfig, 'JWT_SECRET'> & { JWT_SECRET: string };

export class ConfigError extends Error {}

const DEVELOPMENT_JWT_SECRET = 'vira-development-secret-never-use-in-production';

export function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Configuração inválida — ${problems}`);
  }
  const config = result.data;
  if (!config.JWT_SECRET && config.NODE_ENV === 'production') {
    throw new ConfigError('Configuração inválida — JWT_SECRET: obrigatório em produção');
  }
  return { ...config, JWT_SECRET: config.JWT_SECRET ?? DEVELOPMENT_JWT_SECRET };
}

let cached: AppConfig | undefined;

/** The process configuration, parsed from the environment once. */
export function loadConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
