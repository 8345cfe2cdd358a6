import { portAnswers } from '../../infra/scripts/local-services';

export interface ServiceUrls {
  /** A URL to a database the harness may use to create and drop other databases. */
  adminDatabaseUrl: string;
  redisUrl: string;
  /** How they were found, for messages. */
  source: string;
  stop?: () => Promise<void>;
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

async function dockerAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/**
 * DATABASE_URL / REDIS_URL when set; else the local servers on the default ports; else
 * Testcontainers when a Docker engine answers; else a message saying what was tried.
 */
export async function resolveServices(env: NodeJS.ProcessEnv = process.env): Promise<ServiceUrls> {
  const tried: string[] = [];
  let adminDatabaseUrl = env.DATABASE_URL;
  let redisUrl = env.REDIS_URL;
  if (adminDatabaseUrl && redisUrl) return { adminDatabaseUrl, redisUrl, source: 'environment' };

  tried.push(adminDatabaseUrl ? 'DATABASE_URL (set)' : 'DATABASE_URL (not set)');
  tried.push(redisUrl ? 'REDIS_URL (set)' : 'REDIS_URL (not set)');
  if (!adminDatabaseUrl && (await portAnswers('127.0.0.1', 5432)))
    adminDatabaseUrl = LOCAL_POSTGRES;
  if (!redisUrl && (await portAnswers('127.0.0.1', 6379))) redisUrl = LOCAL_REDIS;
  tried.push(`PostgreSQL em 127.0.0.1:5432 (${adminDatabaseUrl ? 'respondeu' : 'sem resposta'})`);
  tried.push(`Redis em 127.0.0.1:6379 (${redisUrl ? 'respondeu' : 'sem resposta'})`);
  if (adminDatabaseUrl && redisUrl) return { adminDatabaseUrl, redisUrl, source: 'local servers' };

  if (await dockerAnswers()) {
    const stops: Array<() => Promise<unknown>> = [];
    if (!adminDatabaseUrl) {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:17-alpine').start();
      adminDatabaseUrl = container.getConnectionUri();
      stops.push(() => container.stop());
    }
    if (!redisUrl) {
      const { RedisContainer } = await import('@testcontainers/redis');
      const container = await new RedisContainer('redis:7-alpine').start();
      redisUrl = container.getConnectionUrl();
      stops.push(() => container.stop());
    }
    return {
      adminDatabaseUrl,
      redisUrl,
      source: 'testcontainers',
      stop: async () => {
        await Promise.all(stops.map((stop) => stop()));
      },
    };
  }
  tried.push('Testcontainers (nenhum Docker engine respondeu)');
  throw new Error(
    `Testes de integração precisam de PostgreSQL e Redis. Tentei: ${tried.join('; ')}. ` +
      'Defina DATABASE_URL e REDIS_URL, ou inicie os serviços locais, ou um Docker engine.',
  );
}

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
