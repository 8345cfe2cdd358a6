import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { newPrincipal } from '../accounts';
import { http } from '../api';
import { freePort } from '../private-redis';
import { startTestApp, type TestApp } from '../test-app';
import { type FakePsp, startFakePsp } from './fake-psp';

export const PSP_TEST_SECRETS_KEY = 'chave-de-teste-dos-segredos-do-psp-0123456789';

/**
 * The app listening on a free port beside the loopback PSP, trusting its CA, with the webhook URL
 * the PSP notifies; `close` stops both and removes the CA file.
 */
export async function startAppWithPsp(env: NodeJS.ProcessEnv = {}): Promise<{
  t: TestApp;
  psp: FakePsp;
  close: () => Promise<void>;
}> {
  const psp = await startFakePsp();
  const caDir = mkdtempSync(path.join(tmpdir(), 'vira-psp-'));
  writeFileSync(path.join(caDir, 'ca.pem'), psp.ca);
  const port = await freePort();
  const t = await startTestApp({
    PIX_PSP_CA_FILE: path.join(caDir, 'ca.pem'),
    PIX_SECRETS_KEY: PSP_TEST_SECRETS_KEY,
    PIX_WEBHOOK_URL: `http://127.0.0.1:${port}/api/webhooks/api-pix`,
    ...env,
  });
  await t.app.listen(port, '127.0.0.1');
  return {
    t,
    psp,
    close: async () => {
      await t.close();
      await psp.close();
      rmSync(caDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app beside the loopback PSP for a describe block: started in its beforeAll, closed in its
 * afterAll, which then fails the block if anything Vira sent or the PSP answered broke the
 * standard's schemas (every request Vira sent and every answer and notification the PSP gave hold
 * to the standard). Each test meets the PSP answering normally, at the present time. `env` adds to
 * the app's environment.
 */
export function pspFixture(env: NodeJS.ProcessEnv = {}) {
  let started: Awaited<ReturnType<typeof startAppWithPsp>> | undefined;
  beforeAll(async () => {
    started = await startAppWithPsp(env);
  });
  beforeEach(() => {
    running().psp.refuse(null);
    running().psp.setNow(undefined);
  });
  afterAll(async () => {
    if (!started) return;
    const violations = started.psp.violations();
    await started.close();
    expect(violations).toEqual([]);
  });
  const running = () => {
    if (!started) throw new Error('pspFixture: o app só existe dentro dos hooks e testes');
    return started;
  };
  return {
    get app(): NestFastifyApplication {
      return running().t.app;
    },
    get psp(): FakePsp {
      return running().psp;
    },
    /** A trainer of a fresh tenant, calling the app. */
    trainerApi: async () => http(running().t.app, await newPrincipal(running().t.app)),
    /** The trainer's Pix settings charging through this PSP's API Pix, with `chave` for key. */
    apiPixSettings: (chave: string) => ({
      chave,
      nomeRecebedor: 'Ana Souza',
      cidade: 'Recife',
      provedor: 'api-pix',
      baseUrl: running().psp.baseUrl,
      clientId: running().psp.clientId,
      clientSecret: running().psp.clientSecret,
      ...running().psp.client,
    }),
  };
}

/** A monthly plan (Mensal 8: R$ 480,00, 8 credits) due on `diaVencimento`, and Carla to subscribe. */
export async function monthlyPlanAndStudent(
  api: ReturnType<typeof http>,
  diaVencimento: number,
): Promise<{ studentId: string; planId: string }> {
  const plan = await api.post('/api/plans', {
    nome: 'Mensal 8',
    valor: 480,
    creditos: 8,
    cobranca: { tipo: 'mensal', diaVencimento },
  });
  const student = await api.post('/api/students', { nome: 'Carla Dias', whatsapp: '81987654321' });
  return { studentId: student.json().id, planId: plan.json().id };
}
