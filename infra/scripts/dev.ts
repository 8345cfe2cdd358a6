/**
 * `npm run dev`: watch mode for both sides. The backend is recompiled by `tsc --watch` and the API
 * and worker restart on change (`node --watch`); Vite serves the SPA with hot reload on
 * VITE_PORT (5173) and proxies /api and /socket.io to the API on PORT (3000).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { listeningLine } from './listen-address';
import { DEV_WHATSAPP } from '../../test/support/whatsapp-cloud/loopback';
import {
  DATA_DIR,
  localVapidSettings,
  REPO_ROOT,
  type RunningService,
  startPostgres,
  startRedis,
  waitForHealth,
} from './local-services';

const log = (line: string) => process.stdout.write(`[vira dev] ${line}\n`);
const children: ChildProcess[] = [];
const services: RunningService[] = [];

function start(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: 'inherit' });
  children.push(child);
  return child;
}

async function stopAll(): Promise<never> {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null,
    ),
  );
  for (const service of services.reverse()) await service.stop().catch(() => undefined);
  process.exit(0);
}

async function main(): Promise<void> {
  const port = process.env.PORT ?? '3000';
  const postgres = await startPostgres(process.env.VIRA_DATABASE ?? 'vira', false, log);
  services.push(postgres);
  const redis = await startRedis(log);
  services.push(redis);
  process.on('SIGINT', () => void stopAll());
  process.on('SIGTERM', () => void stopAll());

  // A PSP that speaks the API Pix on loopback, to try 'api-pix' in /ajustes/pix: its URL, OAuth2
  // client, certificate and key are written to .data/fake-psp/ (client.json, client.pem, client-key.pem).
  const pspDir = path.join(DATA_DIR, 'fake-psp');
  const pspPort = process.env.FAKE_PSP_PORT ?? '3443';
  start(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'),
      path.join(REPO_ROOT, 'test/support/api-pix/fake-psp.ts'),
    ],
    {
      ...process.env,
      PORT: pspPort,
      CONTROL_PORT: process.env.FAKE_PSP_CONTROL_PORT ?? '3444',
      CERT_DIR: pspDir,
    },
  );
  // The WhatsApp Cloud API on loopback ('Número do Vira' in Ajustes › WhatsApp; drive it at
  // http://127.0.0.1:<port>/_loopback: deliver, read, fail, reply, text, approve, reject).
  const whatsappPort = process.env.WHATSAPP_LOOPBACK_PORT ?? '3450';
  start(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'),
      path.join(REPO_ROOT, 'test/support/whatsapp-cloud/loopback.ts'),
    ],
    {
      ...process.env,
      PORT: whatsappPort,
      WEBHOOK_URL: `http://127.0.0.1:${port}/api/webhooks/whatsapp`,
    },
  );
  const env = {
    ...process.env,
    ...(!process.env.WHATSAPP_GRAPH_URL && {
      WHATSAPP_GRAPH_URL: `http://127.0.0.1:${whatsappPort}`,
      WHATSAPP_APP_SECRET: DEV_WHATSAPP.appSecret,
      WHATSAPP_VERIFY_TOKEN: DEV_WHATSAPP.verifyToken,
      WHATSAPP_PHONE_NUMBER_ID: DEV_WHATSAPP.phoneNumberId,
      WHATSAPP_WABA_ID: DEV_WHATSAPP.wabaId,
      WHATSAPP_ACCESS_TOKEN: DEV_WHATSAPP.accessToken,
    }),
    PIX_PSP_CA_FILE: process.env.PIX_PSP_CA_FILE ?? path.join(pspDir, 'ca.pem'),
    PORT: port,
    API_PORT: port,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    NODE_ENV: 'development',
    // E-mails stay in the database without SMTP_URL; GET /api/dev/mailbox shows them to this machine.
    DEV_MAILBOX: process.env.DEV_MAILBOX ?? 'true',
    VIRA_DATA_DIR: DATA_DIR,
    ...localVapidSettings(),
  };
  // TypeScript 7, the native compiler (typescript@6 stays only as typescript-eslint's parser).
  const tsc = path.join(REPO_ROOT, 'node_modules/typescript-native/bin/tsc');
  log('Compilando o backend...');
  if (
    spawnSync(tsc, ['-p', 'backend/tsconfig.build.json'], { cwd: REPO_ROOT, stdio: 'inherit' })
      .status !== 0
  ) {
    log('Há erros de compilação; o watch segue e recompila ao salvar.');
  }
  start(tsc, ['-p', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput'], env);
  const dist = path.join(REPO_ROOT, 'backend/dist/backend/src');
  if (existsSync(path.join(dist, 'main.js'))) {
    const api = start(process.execPath, ['--watch', path.join(dist, 'main.js')], env);
    // The API applies the migrations; the worker starts on a migrated database.
    await waitForHealth(Number(port), api);
    start(process.execPath, ['--watch', path.join(dist, 'worker.js')], env);
  }
  start('npm', ['run', 'dev', '-w', 'frontend'], env);
  log(listeningLine(process.env.HOST));
  log(
    `API em http://localhost:${port}, SPA com hot reload em http://localhost:${process.env.VITE_PORT ?? 5173}`,
  );
  log(
    `PSP de teste (API Pix) em https://127.0.0.1:${pspPort}/api/v2; cliente, certificado e chave em ${path.relative(REPO_ROOT, pspDir)}/ (pagar: POST http://127.0.0.1:${process.env.FAKE_PSP_CONTROL_PORT ?? '3444'}/pay/<txid>)`,
  );
}

main().catch(async (error: unknown) => {
  process.stderr.write(`[vira dev] ${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll();
});
