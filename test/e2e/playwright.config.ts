import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { defineConfig } from '@playwright/test';
import { DEV_WHATSAPP } from '../support/whatsapp-cloud/loopback';

const repoRoot = path.resolve(__dirname, '../..');

/**
 * Free ports, chosen once in the main process (workers inherit them through the environment), all
 * held open until every one is chosen: ports chosen one by one may be the same port twice.
 */
function freePorts(count: number): string[] {
  const script = `const net=require('net');const servers=[];let left=${count};
for(let i=0;i<${count};i++){const s=net.createServer();servers.push(s);s.listen(0,'127.0.0.1',()=>{if(--left===0){
process.stdout.write(servers.map((x)=>x.address().port).join(','));servers.forEach((x)=>x.close())}})}`;
  return execFileSync(process.execPath, ['-e', script]).toString().split(',');
}
// Every worker loads this file again with the main process's choice in its environment: only the
// main process starts one to choose.
let chosen: string[] | undefined;
const freePort = (index: number) => (chosen ??= freePorts(8))[index];
process.env.E2E_PORT ??= freePort(0);
process.env.E2E_OIDC_PORT ??= freePort(1);
process.env.E2E_SMTP_PORT ??= freePort(2);
process.env.E2E_MAIL_HTTP_PORT ??= freePort(3);
process.env.E2E_CEP_PORT ??= freePort(4);
process.env.E2E_PSP_PORT ??= freePort(5);
process.env.E2E_PSP_CONTROL_PORT ??= freePort(6);
process.env.E2E_WHATSAPP_PORT ??= freePort(7);
/** The loopback PSP's CA, client certificate and OAuth2 client (test/support/api-pix/fake-psp.ts). */
process.env.E2E_PSP_CERT_DIR ??= path.join(repoRoot, `test-results/fake-psp-${process.env.E2E_PORT}`);
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
/** Google sign-in goes to a real OpenID Connect provider on loopback; Apple stays unconfigured. */
export const OIDC_ISSUER = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
const OIDC_CLIENT = { id: 'vira-e2e-client', secret: 'vira-e2e-client-secret-0123456789' };
/** The app sends real e-mail over SMTP to a capture server; tests read it here. */
export const MAIL_CAPTURE_URL = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT}`;
/** Postal codes are looked up in a ViaCEP-compatible fake on loopback (test/support/fake-cep.ts: 01310100, 22071900). */
const CEP_SERVICE_URL = `http://127.0.0.1:${process.env.E2E_CEP_PORT}/ws`;
/** Tests pay a charge at the loopback PSP through its control API (POST /pay/{txid}). */
export const PSP_CONTROL_URL = `http://127.0.0.1:${process.env.E2E_PSP_CONTROL_PORT}`;
/**
 * The loopback WhatsApp Cloud API ('Número do Vira'); tests drive it under /_loopback (deliver,
 * read, reply with a button) and read what it received (GET /_loopback/messages).
 */
export const WHATSAPP_CLOUD_URL = `http://127.0.0.1:${process.env.E2E_WHATSAPP_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.spec.ts',
  outputDir: path.join(repoRoot, 'test-results/e2e-artifacts'),
  // Generous bounds: several of these flows take 30 s on an idle 2-core machine, and CI must pass on a
  // busy one. A bound only decides when a stuck test gives up; it never makes a test slower.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 2,
  // Tests, not files, are shared out: a file of long tests (the random walks) would otherwise keep
  // one worker busy alone at the end. No test depends on another's state.
  fullyParallel: true,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, 'test-results/e2e.json') }]],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Every context would otherwise install the service worker and precache the whole build;
    // the installable-app test allows it for itself.
    serviceWorkers: 'block',
    // One browser context per worker, reset between tests by Playwright (cookies, cache, local
    // storage, IndexedDB, extra pages, routes, init scripts, clock, viewport and media emulation):
    // with the one renderer process below, a test's first load of the app starts in a warm process
    // (680 core-ms against 1,080 for a new context; 12 % of the browser tests' CPU). Not reset:
    // granted permissions (clipboard, which no test expects to be refused) and `setOffline`, which
    // the two tests that use it set back (their `serviceWorkers: 'allow'` gets them a context of
    // their own anyway). Every test signs up its own trainer, so nothing of the server is shared.
    reuseContext: true,
    screenshot: 'only-on-failure',
    // Recording a trace is a third of the browser tests' time; `--trace retain-on-failure` when debugging one.
    trace: 'off',
    // As a person who asked their system for less motion (the app honours it: Mantine's
    // respectReducedMotion): a click never waits out a dialog's or toast's animation. The shell's
    // tests browse with motion, as most people do.
    reducedMotion: 'reduce',
    launchOptions: {
      // Debian's Chromium, its old headless shell (package chromium-headless-shell): the same
      // Blink and V8 without the desktop browser around them; never a downloaded browser. A new
      // context and a cold load of the app cost it 40 % of the full browser's CPU, and the browser
      // tests are CPU-bound on two cores.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
        // One origin under test: its pages need no process of their own per site (fewer renderers
        // to start), and pages that live seconds gain nothing from V8's optimizing compilers, whose
        // background compiles were CPU spent for nothing. 8 % of the browser's CPU over the suite.
        '--disable-site-isolation-trials',
        '--disable-features=IsolateOrigins,site-per-process',
        '--js-flags=--no-opt --no-maglev',
        '--num-raster-threads=1',
        // The reused context's pages share one renderer: the reset's trip through about:blank
        // would otherwise start a cold process for every test.
        '--renderer-process-limit=1',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
      // The launcher test is about processes, not viewports: run it once.
      testIgnore: /launcher\.e2e\.spec\.ts/,
    },
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
  ],
  webServer: [
    {
      command: `${process.execPath} ${path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs')} ${path.join(repoRoot, 'test/support/smtp-capture.ts')}`,
      url: `${MAIL_CAPTURE_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { SMTP_PORT: process.env.E2E_SMTP_PORT, HTTP_PORT: process.env.E2E_MAIL_HTTP_PORT },
    },
    {
      command: `${process.execPath} ${path.join(repoRoot, 'test/support/oidc-provider-server.mjs')}`,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: {
        PORT: process.env.E2E_OIDC_PORT,
        CLIENT_ID: OIDC_CLIENT.id,
        CLIENT_SECRET: OIDC_CLIENT.secret,
        REDIRECT_URI: `${baseURL}/api/auth/providers/google/callback`,
      },
    },
    {
      command: `${process.execPath} ${path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs')} ${path.join(repoRoot, 'test/support/fake-cep.ts')}`,
      url: `${CEP_SERVICE_URL}/01310100/json/`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { PORT: process.env.E2E_CEP_PORT },
    },
    {
      command: `${process.execPath} ${path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs')} ${path.join(repoRoot, 'test/support/api-pix/fake-psp.ts')}`,
      url: `${PSP_CONTROL_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: {
        PORT: process.env.E2E_PSP_PORT,
        CONTROL_PORT: process.env.E2E_PSP_CONTROL_PORT,
        CERT_DIR: process.env.E2E_PSP_CERT_DIR,
      },
    },
    {
      command: `${process.execPath} ${path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs')} ${path.join(repoRoot, 'test/support/whatsapp-cloud/loopback.ts')}`,
      url: `${WHATSAPP_CLOUD_URL}/_loopback/messages`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      env: { PORT: process.env.E2E_WHATSAPP_PORT, WEBHOOK_URL: `${baseURL}/api/webhooks/whatsapp` },
    },
    {
    command: `${process.execPath} ${path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs')} infra/scripts/start.ts`,
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The app logs at warn: what it says while a test fails is part of the failure.
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: process.env.E2E_PORT,
      VIRA_DATABASE: `vira_e2e_${process.env.E2E_PORT}`,
      VIRA_FRESH_DATABASE: '1',
      REDIS_PREFIX: `vira-e2e-${process.env.E2E_PORT}`,
      LOG_LEVEL: 'warn',
      APP_URL: baseURL,
      // Every browser test signs trainers up from 127.0.0.1; the limits themselves are tested in jest.
      RATE_LIMIT_SIGNUP: '1000/60',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/60',
      RATE_LIMIT_RECOVER: '1000/60',
      // Sign-up and sign-in refuse (503) when Redis is slower than this; a busy machine running
      // Chromium beside the app must not turn that into a failed test. Outages are tested in jest.
      REDIS_REQUEST_TIMEOUT_MS: '3000',
      GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
      GOOGLE_ISSUER_URL: OIDC_ISSUER,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      CEP_SERVICE_URL,
      PIX_PSP_CA_FILE: path.join(process.env.E2E_PSP_CERT_DIR, 'ca.pem'),
      // A reminder due a few seconds after its booking goes out then, not after the default 5 minutes.
      REMINDER_SETTLE_SECONDS: '5',
      WHATSAPP_GRAPH_URL: WHATSAPP_CLOUD_URL,
      WHATSAPP_APP_SECRET: DEV_WHATSAPP.appSecret,
      WHATSAPP_VERIFY_TOKEN: DEV_WHATSAPP.verifyToken,
      WHATSAPP_PHONE_NUMBER_ID: DEV_WHATSAPP.phoneNumberId,
      WHATSAPP_WABA_ID: DEV_WHATSAPP.wabaId,
      WHATSAPP_ACCESS_TOKEN: DEV_WHATSAPP.accessToken,
    },
    },
  ],
});
