import { z } from 'zod';
import { databaseHosts } from './database-hosts';
import { defaultDataDirectory, generatedSecret, PERSONAL_DATA_KEY_FILE } from './generated-secret';

export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** The settings of the platform (HTTP, database, Redis, auth); each context brings its own slice. */
const platformConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Loopback unless told otherwise: a plain `npm start` is not reachable from other machines. */
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the app, used in links sent to people (e-mails, invites); default follows PORT. */
  APP_URL: z.url().optional(),
  /** Where the settings' 'Suporte' button leads: a WhatsApp link (https://wa.me/...) or mailto:. */
  SUPPORT_URL: z
    .string()
    .regex(
      /^(https:\/\/wa\.me\/\d{10,15}(\?.*)?|mailto:[^\s@]+@[^\s@]+)$/,
      'use https://wa.me/<número> ou mailto:<e-mail>',
    )
    .optional(),
  /**
   * One server, or several (`postgres://user@a:5432,b:5432/vira?target_session_attrs=read-write`):
   * new connections go to the one that takes writes, found again after a failover.
   */
  DATABASE_URL: z
    .string()
    .refine((url) => databaseHosts(url) !== undefined, {
      message: 'use postgres://usuário@servidor:porta[,servidor:porta...]/banco',
    })
    .default('postgres://postgres@127.0.0.1:5432/vira'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** The Redis server; with REDIS_SENTINELS, only its user, password and database number count. */
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /**
   * Redis Sentinel (`host:port,host:port,...`): the master is asked of them, and found again after
   * they fail over. Unset: REDIS_URL's single server.
   */
  REDIS_SENTINELS: z
    .string()
    .regex(/^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/, 'use servidor:porta[,servidor:porta...]')
    .optional(),
  /** The master's name the Sentinels watch (`sentinel monitor <name> ...`). */
  REDIS_SENTINEL_NAME: z.string().min(1).default('vira'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]+$/i)
    .default('vira'),
  /**
   * The longest a request waits on Redis (rate limits, sign-in challenges) before its decided
   * fallback: a 503 where Redis guards something, going on without it where it only helps.
   */
  REDIS_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(500),
  /** Required in production; elsewhere a random one is generated once under VIRA_DATA_DIR. */
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * The master key that seals every data subject's key (LGPD crypto-shredding); required in
   * production, elsewhere one is generated once into `.data/personal-data-key`.
   */
  PERSONAL_DATA_KEY: z.string().min(32).optional(),
  /** Local state of a developer machine (the generated JWT secret): `.data/` at the repository root. */
  VIRA_DATA_DIR: z.string().min(1).optional(),
  /**
   * A file the worker touches every second while its event loop runs: the liveness its container's
   * exec probe reads (infra/k8s/worker-deployment.yaml). Unset: none.
   */
  WORKER_ALIVE_FILE: z.string().min(1).optional(),
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
  /** Where e-mail goes (smtp://, smtps://); unset keeps messages in the dev mailbox table. */
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Vira <nao-responda@vira.app>'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  STATIC_DIR: z.string().optional(),
  MIGRATE_ON_START: booleanFromEnv.default(true),
  APP_TIME_ZONE: z.string().default('America/Sao_Paulo'),
  // Whom to believe about the client's address (X-Forwarded-For): 'false' (nobody: the socket
  // address) or the proxies' addresses/CIDRs, comma-separated. 'true' trusts anyone and lets a
  // client pick its own address, so per-address rate limits would mean nothing. A number of hops
  // is refused: it cannot tell a proxy from a client that sends the header itself (Fastify since
  // 5.12 trusts no one when given one, so it would quietly put every client behind the proxy's
  // address).
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => !/^\d+$/.test(value.trim()), {
      message:
        'um número de saltos não diz quem é o proxy: informe os endereços ou as faixas (CIDR) dos proxies, separados por vírgula',
    })
    .transform((value): boolean | string =>
      value === 'false' ? false : value === 'true' ? true : value,
    ),
};

type RawPlatformConfig = z.infer<z.ZodObject<typeof platformConfigShape>>;
export type PlatformConfig = Omit<
  RawPlatformConfig,
  'JWT_SECRET' | 'APP_URL' | 'PERSONAL_DATA_KEY'
> & {
  JWT_SECRET: string;
  PERSONAL_DATA_KEY: string;
  APP_URL: string;
};

/** The platform's settings plus those of one context's slice (`identityConfigShape`, ...). */
export type ConfigWith<Slice extends z.ZodRawShape> = PlatformConfig & z.infer<z.ZodObject<Slice>>;

/** Every setting of the process: the platform's and every context's slice, parsed together. */
export type AppConfig = PlatformConfig & Record<string, unknown>;

export class ConfigError extends Error {}

/**
 * Parses the environment once against the platform's settings and the slices of the contexts
 * (`slices`); a bad or missing value stops start-up naming it.
 */
export function parseConfig<const Slices extends readonly z.ZodRawShape[] = []>(
  env: NodeJS.ProcessEnv,
  slices: Slices = [] as unknown as Slices,
): PlatformConfig & UnionToIntersection<z.infer<z.ZodObject<Slices[number]>>> {
  const schema = z.object(Object.assign({}, ...slices, platformConfigShape) as z.ZodRawShape);
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Configuração inválida — ${problems}`);
  }
  const config = result.data as RawPlatformConfig;
  if (!config.JWT_SECRET && config.NODE_ENV === 'production') {
    throw new ConfigError('Configuração inválida — JWT_SECRET: obrigatório em produção');
  }
  if (!config.PERSONAL_DATA_KEY && config.NODE_ENV === 'production') {
    throw new ConfigError('Configuração inválida — PERSONAL_DATA_KEY: obrigatório em produção');
  }
  return {
    ...result.data,
    JWT_SECRET: config.JWT_SECRET ?? generatedJwtSecret(config.VIRA_DATA_DIR),
    PERSONAL_DATA_KEY:
      config.PERSONAL_DATA_KEY ??
      generatedSecret(config.VIRA_DATA_DIR ?? defaultDataDirectory(), PERSONAL_DATA_KEY_FILE),
    APP_URL: config.APP_URL ?? `http://localhost:${config.PORT}`,
  } as PlatformConfig & UnionToIntersection<z.infer<z.ZodObject<Slices[number]>>>;
}

/** Never a secret from the repository: one made for this machine, shared by its processes. */
function generatedJwtSecret(dataDir: string | undefined): string {
  const directory = dataDir ?? defaultDataDirectory();
  try {
    return generatedSecret(directory);
  } catch (error) {
    throw new ConfigError(
      `Configuração inválida — JWT_SECRET: não definido e não foi possível gerar um em ${directory} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

export const APP_CONFIG = Symbol('APP_CONFIG');
