/**
 * `npm start`: builds what is not built, finds or starts PostgreSQL and Redis, runs the API
 * (migrations at start, SPA + /api on PORT) and the worker, and stops everything on Ctrl+C.
 * Once the API has started, either process that dies is started again (supervisor.ts) while the
 * other goes on serving.
 *
 * Environment: PORT (3000), HOST (127.0.0.1: only this machine; 0.0.0.0 for every interface),
 * DATABASE_URL, REDIS_URL, VIRA_DATABASE (database name, default `vira`),
 * VIRA_FRESH_DATABASE=1 (a throwaway run, as the end-to-end tests make: the database is recreated, then
 * dropped on the way out with REDIS_PREFIX's keys), VIRA_POSTGRES=embedded and
 * VIRA_REDIS=spawn (skip the local servers), VIRA_DATA_DIR (.data), VIRA_EMBEDDED_PG_PORT (54329),
 * VIRA_SPAWNED_REDIS_PORT (63799). Without JWT_SECRET the API and the worker share a random one
 * generated once in VIRA_DATA_DIR/jwt-secret.
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { buildIfNeeded } from './build-if-needed';
import { listeningLine } from './listen-address';
import {
  clearRedisPrefix,
  DATA_DIR,
  localVapidSettings,
  portAnswers,
  REPO_ROOT,
  type RunningService,
  startPostgres,
  startRedis,
  waitForHealth,
  waitForWorker,
} from './local-services';
import { Supervisor } from './supervisor';

const log = (line: string) => process.stdout.write(`[vira] ${line}\n`);

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3000);
  if (await portAnswers('127.0.0.1', port, 300)) {
    throw new Error(`A porta ${port} já está em uso. Defina outra com PORT=...`);
  }
  buildIfNeeded(log);

  const services: RunningService[] = [];
  const supervisor = new Supervisor({ log });
  let forgetRunKeys: (() => Promise<void>) | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('Encerrando...');
    await supervisor.stop();
    await forgetRunKeys?.().catch(() => undefined);
    for (const service of services.reverse()) await service.stop().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    const database = process.env.VIRA_DATABASE ?? 'vira';
    const fresh = process.env.VIRA_FRESH_DATABASE === '1';
    const postgres = await startPostgres(database, fresh, log);
    services.push(postgres);
    const redis = await startRedis(log);
    services.push(redis);
    // A throwaway run (its database dropped on the way out) leaves no queues or jobs in Redis either.
    const prefix = process.env.REDIS_PREFIX;
    if (fresh && prefix) forgetRunKeys = () => clearRedisPrefix(redis.url, prefix);
    log(`Banco: ${postgres.description}; Redis: ${redis.description}`);

    const env = {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      // The generated JWT secret (when JWT_SECRET is unset) lives here, the same for both processes.
      VIRA_DATA_DIR: DATA_DIR,
      ...localVapidSettings(),
    };
    const dist = path.join(REPO_ROOT, 'backend/dist/backend/src');
    const node = (entrypoint: string) => () =>
      spawn(process.execPath, [path.join(dist, entrypoint)], { env, stdio: 'inherit' });
    const startApi = node('main.js');
    const api = startApi();
    // An API that fails to start (a bad setting, a migration) stops everything: it says why.
    let started = false;
    api.once('exit', (code) => {
      if (!started) void shutdown(code ?? 1);
    });
    await waitForHealth(port, api);
    started = true;
    supervisor.supervise('API', startApi, api);
    supervisor.supervise('worker', node('worker.js'));
    if (!(await waitForWorker(port)))
      log('O worker ainda não começou a trabalhar; veja o log acima.');
    log(listeningLine(process.env.HOST));
    log(`Vira pronta em http://localhost:${port}  (Ctrl+C para parar)`);
  } catch (error) {
    process.stderr.write(`[vira] ${error instanceof Error ? error.message : String(error)}\n`);
    await shutdown(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`[vira] ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
