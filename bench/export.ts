/**
 * `npm run bench:export`: a student's LGPD export (GET /api/students/:id/export, JSON, and
 * /export.pdf) for a student with five years of history, through the built API with its worker on
 * a database of its own. The history goes in through the API as the trainer makes it: a monthly
 * plan paid by Pix 60 times (charges, payments, credits), 1,250 sessions over five years marked
 * done (each one consumes a credit), a contract signed from the student's own account. The export
 * is checked complete (every row of it is there), then timed: the budget is under 2 s.
 *
 *   BENCH_EXPORT_SESSIONS=1250 BENCH_EXPORT_MONTHS=60 npm run bench:export
 */
import { addDays, zonedParts } from '../backend/src/contracts/shared/time';
import { json, signUpTrainer } from './http';
import { startBuiltApp } from './support/built-app';
import { runAsScript } from './support/script';

const SESSIONS = Number(process.env.BENCH_EXPORT_SESSIONS ?? 1_250);
const MONTHS = Number(process.env.BENCH_EXPORT_MONTHS ?? 60);
const CREDITS_PER_MONTH = Math.ceil(SESSIONS / MONTHS);
const YEARS = 5;
const ROUNDS = 20;
const CONCURRENCY = 8;
const BUDGET_MS = 2_000;

export interface ExportFigures {
  sessions: number;
  payments: number;
  events: number;
  jsonBytes: number;
  pdfBytes: number;
  jsonMs: { p50: number; max: number };
  pdfMs: { p50: number; max: number };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] * 10) / 10;
};

/** Runs `task` for every index, `CONCURRENCY` at a time. */
async function inParallel(count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

export async function measureExport(): Promise<ExportFigures> {
  const app = await startBuiltApp('export');
  const apiUrl = app.url;
  try {
    const trainer = await signUpTrainer(apiUrl, 'export');
    const call = async <T>(method: string, url: string, body?: unknown, token = trainer.token) =>
      json<T>(
        await fetch(`${apiUrl}${url}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );

    process.stdout.write(`Semeando ${YEARS} anos: ${MONTHS} pagamentos, ${SESSIONS} sessões…\n`);
    await call('PUT', '/api/settings/pix', { chave: 'ana@exemplo.com', nomeRecebedor: 'Ana Bench', cidade: 'Recife' });
    const plan = await call<{ id: string }>('POST', '/api/plans', { nome: 'Mensal', valor: 400, creditos: CREDITS_PER_MONTH });
    const { id: location } = await call<{ id: string }>('POST', '/api/locations', { nome: 'Estúdio Centro' });
    const { id: studentId } = await call<{ id: string }>('POST', '/api/students', {
      nome: 'Helena Vasconcelos Prado',
      whatsapp: '81991234567',
      email: 'helena@exemplo.com',
      planoId: plan.id,
      observacoes: 'Treina de manhã; joelho direito operado',
    });
    await call('GET', `/api/students/${studentId}`);

    // The student's own account, and the contract signed from it.
    const { token: invite } = await call<{ token: string }>('POST', '/api/invites', { studentId });
    const student = { email: `helena-${process.pid}@exemplo.com`, password: 'bench-senha-1' };
    await call('POST', `/api/invites/${invite}/accept`, { nome: 'Helena Vasconcelos Prado', ...student });
    const { accessToken: studentToken } = await call<{ accessToken: string }>('POST', '/api/auth/login', student);
    const contract = await call<{ id: string }>('POST', '/api/contracts', {
      titulo: 'Termo de adesão',
      conteudo: 'Eu, {{nome}}, CPF {{cpf}}, telefone {{telefone}}, contrato {{personal}} em {{data}}.',
    });
    await call('POST', `/api/contracts/${contract.id}/sign`, {
      cpf: '11144477735',
      telefone: '81991234567',
      consentDataProcessing: true,
      consentTerms: true,
    }, studentToken);

    // A plan paid by Pix every month: a charge, a payment, the month's credits.
    await inParallel(MONTHS, async () => {
      const charge = await call<{ id: string }>('POST', '/api/charges', { studentId, planId: plan.id });
      await call('POST', `/api/charges/${charge.id}/confirm`);
    });

    // The sessions of five years, one a day on days spread over them, each marked done.
    const today = zonedParts(new Date(), 'America/Sao_Paulo').date;
    const days = YEARS * 365;
    const first = addDays(today, -days);
    await inParallel(SESSIONS, async (index) => {
      const day = addDays(first, Math.floor((index * days) / SESSIONS));
      const inicio = new Date(`${day}T07:00:00-03:00`);
      const session = await call<{ id: string }>('POST', '/api/sessions', {
        studentId,
        locationId: location,
        inicio: inicio.toISOString(),
        fim: new Date(inicio.getTime() + 3_600_000).toISOString(),
        observacoes: `Treino ${index + 1}`,
      });
      await call('PATCH', `/api/sessions/${session.id}`, { status: 'feita' });
    });

    // Complete: every session, payment and credit movement is in the export once projected.
    const exportUrl = `${apiUrl}/api/students/${studentId}/export`;
    const headers = { authorization: `Bearer ${trainer.token}` };
    let held: { tabelas: Record<string, unknown[]>; eventos: unknown[] } | undefined;
    const deadline = Date.now() + 300_000;
    const complete = (data: typeof held) =>
      data !== undefined &&
      (data.tabelas.sessions?.length ?? 0) === SESSIONS &&
      (data.tabelas.finance_transactions?.length ?? 0) === MONTHS &&
      (data.tabelas.credit_ledger?.length ?? 0) >= MONTHS * 2 + SESSIONS &&
      (data.tabelas.contract_signatures?.length ?? 0) === 1;
    while (!complete(held)) {
      if (Date.now() > deadline) throw new Error('a exportação não ficou completa em 5 minutos');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      held = await json(await fetch(exportUrl, { headers }));
    }

    const timed = async (url: string) => {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return { ms: performance.now() - started, bytes };
    };
    for (let round = 0; round < 3; round++) await Promise.all([timed(exportUrl), timed(`${exportUrl}.pdf`)]);
    const jsonRuns: { ms: number; bytes: number }[] = [];
    const pdfRuns: { ms: number; bytes: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      jsonRuns.push(await timed(exportUrl));
      pdfRuns.push(await timed(`${exportUrl}.pdf`));
    }
    return {
      sessions: held!.tabelas.sessions.length,
      payments: held!.tabelas.finance_transactions.length,
      events: held!.eventos.length,
      jsonBytes: jsonRuns[0].bytes,
      pdfBytes: pdfRuns[0].bytes,
      jsonMs: { p50: median(jsonRuns.map((run) => run.ms)), max: Math.round(Math.max(...jsonRuns.map((run) => run.ms))) },
      pdfMs: { p50: median(pdfRuns.map((run) => run.ms)), max: Math.round(Math.max(...pdfRuns.map((run) => run.ms))) },
    };
  } finally {
    await app.stop();
  }
}

export function printExport(figures: ExportFigures): void {
  const verdict = (ms: number) => (ms < BUDGET_MS ? 'dentro' : 'FORA');
  process.stdout.write(
    `\nExportação LGPD de um aluno com ${YEARS} anos (${figures.sessions} sessões, ${figures.payments} pagamentos, ${figures.events} eventos no fluxo dele), ${ROUNDS} rodadas:\n` +
      `  JSON (${Math.round(figures.jsonBytes / 1024)} KiB): p50 ${figures.jsonMs.p50} ms, máx ${figures.jsonMs.max} ms (${verdict(figures.jsonMs.max)} de ${BUDGET_MS} ms)\n` +
      `  PDF (${Math.round(figures.pdfBytes / 1024)} KiB): p50 ${figures.pdfMs.p50} ms, máx ${figures.pdfMs.max} ms (${verdict(figures.pdfMs.max)} de ${BUDGET_MS} ms)\n`,
  );
}

if (require.main === module) runAsScript(() => measureExport().then(printExport));
