/**
 * A student's 'Confirmo' to the session marked on the trainer's open agenda: the built API and
 * worker on 'Número do Vira' (the loopback Cloud API, every request checked against Meta's
 * document) send each student the reminder of a session due now; then, one at a time, the student
 * taps 'Confirmo' (the loopback posts the signed webhook to the API), the worker projects the
 * session and tells the trainer's socket, and the agenda refetches its day. Timed from the webhook
 * leaving to that answer showing the session 'Confirmado pelo aluno'. Budget: p99 under 1 s.
 *
 *   npm run bench:whatsapp-confirm     (BENCH_CONFIRMS=60 by default)
 */
import type { Socket } from 'socket.io-client';
import { LoopbackCloudApi } from '../test/support/whatsapp-cloud/loopback';
import { json, signUpTrainer, trainerSocket } from './http';
import { type BuiltApp, startBuiltApp, waitFor } from './support/built-app';
import { runAsScript } from './support/script';
import { latencies } from './support/stats';

const CONFIRMS = Number(process.env.BENCH_CONFIRMS ?? 60);
/** The first replies warm the JIT and the pools: not kept. */
const WARM_UP = 5;
const BUDGET_P99_MS = 1_000;
const SPACING_MS = 21 * 60_000;
const APP_SECRET = 'segredo-do-app-whatsapp-do-bench';

export interface WhatsAppConfirmBench {
  confirms: number;
  /** Webhook leaving -> the agenda's answer shows 'Confirmado pelo aluno' (ms). */
  toAgendaMs: { p50: number; p95: number; p99: number; max: number };
  budgetP99Ms: number;
  violations: number;
}


interface AgendaSession {
  id: string;
  confirmadoPeloAluno: boolean;
}

export async function measureWhatsAppConfirm(): Promise<WhatsAppConfirmBench> {
  const cloud = await new LoopbackCloudApi({ appSecret: APP_SECRET, autoApprove: true }).start();
  const vira = cloud.account();
  let app: BuiltApp | undefined;
  let socket: Socket | undefined;
  try {
    app = await startBuiltApp('confirm', {
      WHATSAPP_GRAPH_URL: cloud.url,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_PHONE_NUMBER_ID: vira.phoneNumberId,
      WHATSAPP_WABA_ID: vira.wabaId,
      WHATSAPP_ACCESS_TOKEN: vira.accessToken,
      RATE_LIMIT_SIGNUP: '1000/60',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/60',
      // A reminder goes out a second after its booking, not after the default 5 minutes.
      REMINDER_SETTLE_SECONDS: '1',
    });
    const apiUrl = app.url;
    await waitFor(`${apiUrl}/api/health`, 120_000);
    cloud.sendWebhooksTo(`${apiUrl}/api/webhooks/whatsapp`);
    const trainer = await signUpTrainer(apiUrl, 'confirm');
    const call = (method: string, url: string, body?: unknown) =>
      fetch(`${apiUrl}${url}`, {
        method,
        headers: trainer.headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    await json(await call('PUT', '/api/settings/whatsapp', { modo: 'vira' }));

    // Each student a session of 20 minutes in the next 24 hours, one after the other: its
    // reminder (a day ahead) is due at once, and goes by WhatsApp to the student's own number.
    const total = CONFIRMS + WARM_UP;
    const sessionOfNumber = new Map<string, string>();
    const firstStart = Date.now() + 24 * 3_600_000 - 60_000;
    for (let index = 0; index < total; index++) {
      const whatsapp = `119${String(70_000_000 + index)}`;
      const student = await json<{ id: string }>(
        await call('POST', '/api/students', {
          nome: `Aluno Bench ${index}`,
          whatsapp,
          email: `aluno.${index}@exemplo.com.br`,
        }),
      );
      await json(
        await call('PUT', `/api/students/${student.id}/channels`, {
          whatsapp: true,
          email: false,
          push: false,
          consentimento: { como: 'Pediu por mensagem', quando: new Date().toISOString() },
        }),
      );
      const inicio = new Date(firstStart - index * SPACING_MS);
      const session = await json<{ id: string }>(
        await call('POST', '/api/sessions', {
          studentId: student.id,
          inicio: inicio.toISOString(),
          fim: new Date(inicio.getTime() + 20 * 60_000).toISOString(),
        }),
      );
      sessionOfNumber.set(`55${whatsapp}`, session.id);
    }
    const deadline = Date.now() + 120_000;
    while (cloud.messages.length < total && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    if (cloud.messages.length < total)
      throw new Error(`só ${cloud.messages.length} de ${total} lembretes chegaram à Cloud API`);

    // The trainer's open agenda: its socket, and the refetch a 'session' change causes.
    socket = await trainerSocket(apiUrl, trainer);
    const from = new Date(firstStart - total * SPACING_MS).toISOString();
    const to = new Date(firstStart + 3_600_000).toISOString();
    const agenda = async () =>
      (
        await json<{ items: AgendaSession[] }>(
          await call(
            'GET',
            `/api/sessions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
          ),
        )
      ).items;
    let waiting: { sessionId: string; resolve: () => void } | undefined;
    socket.on('changes', (message: { changes: { type: string; id: string }[] }) => {
      const expected = waiting;
      if (!expected || !message.changes.some((change) => change.id === expected.sessionId)) return;
      void agenda().then((sessions) => {
        const shown = sessions.find((session) => session.id === expected.sessionId);
        if (shown?.confirmadoPeloAluno && waiting === expected) {
          waiting = undefined;
          expected.resolve();
        }
      });
    });

    const samples: number[] = [];
    for (const [index, message] of cloud.messages.slice(0, total).entries()) {
      const sessionId = sessionOfNumber.get(message.to);
      if (!sessionId) throw new Error('lembrete para um número desconhecido');
      const shown = new Promise<void>((resolve) => {
        waiting = { sessionId, resolve };
      });
      const started = performance.now();
      const status = await cloud.replyWithButton(message.wamid, 'Confirmo');
      if (status !== 200) throw new Error(`o webhook respondeu ${status}`);
      await shown;
      if (index >= WARM_UP) samples.push(performance.now() - started);
    }
    const confirmed = (await agenda()).filter((session) => session.confirmadoPeloAluno).length;
    if (confirmed !== total) throw new Error(`${confirmed} de ${total} sessões confirmadas`);
    return {
      confirms: samples.length,
      toAgendaMs: latencies(samples),
      budgetP99Ms: BUDGET_P99_MS,
      violations: cloud.violations.length,
    };
  } finally {
    socket?.close();
    await app?.stop();
    await cloud.close();
  }
}

export function printWhatsAppConfirm(result: WhatsAppConfirmBench): void {
  const { p50, p95, p99, max } = result.toAgendaMs;
  process.stdout.write(
    `'Confirmo' no WhatsApp -> 'Confirmado pelo aluno' na agenda do personal (${result.confirms} respostas): ` +
      `p50/p95/p99/máx ${p50}/${p95}/${p99}/${max} ms (meta p99 < ${result.budgetP99Ms} ms: ` +
      `${p99 < result.budgetP99Ms ? 'ok' : 'ACIMA'}); violações do documento da Meta: ${result.violations}\n`,
  );
}

if (require.main === module) runAsScript(() => measureWhatsAppConfirm().then(printWhatsAppConfirm));
