/**
 * `npm run bench:advisor`: the built-in 'Consultor Financeiro' over HTTP. The built app (API and
 * worker) on its own database, a trainer with a month of receitas and 40 students, then 100 questions
 * one after another: the time to the first streamed piece (the budget: under 300 ms) and to the end.
 */
import { request } from 'node:http';
import { zonedParts } from '../backend/src/contracts/shared/time';
import { json, signUpTrainer } from './http';
import { startBuiltApp } from './support/built-app';
import { runAsScript } from './support/script';

const QUESTIONS = ['Como estou este mês?', 'Quanto falta para a meta?', 'Quem precisa renovar?', 'Qual foi meu melhor mês?'];
const ROUNDS = 100;

export interface AdvisorFigures {
  firstPieceMs: { p50: number; p99: number };
  wholeAnswerMs: { p50: number; p99: number };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
};

/** One question: ms to the first `data:` piece and to the end of the stream. */
function ask(port: number, token: string, question: string): Promise<{ first: number; whole: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first = 0;
    const call = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/advisor/chat',
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode}`));
        response.on('data', () => {
          first ||= performance.now() - started;
        });
        response.on('end', () => resolve({ first, whole: performance.now() - started }));
      },
    );
    call.on('error', reject);
    call.end(JSON.stringify({ messages: [{ role: 'user', content: question }] }));
  });
}

export async function measureAdvisor(): Promise<AdvisorFigures> {
  const app = await startBuiltApp('advisor', { RATE_LIMIT_ADVISOR: '100000/60' });
  const { port, url: apiUrl } = app;
  try {
    const post = (url: string, body: unknown, token?: string) =>
      fetch(`${apiUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });
    const { token } = await signUpTrainer(apiUrl, 'advisor');
    const today = zonedParts(new Date(), 'America/Sao_Paulo').date;
    for (let index = 0; index < 40; index++) {
      await json(await post('/api/students', { nome: `Aluno ${String(index).padStart(2, '0')}` }, token));
      await json(await post('/api/transactions', { tipo: 'receita', valor: 150 + index, data: today, descricao: `Mensalidade ${index}`, metodoPagamento: 'pix' }, token));
    }
    // Read-your-writes: once the summary answers, the month is projected.
    await json(await fetch(`${apiUrl}/api/finance/summary`, { headers: { authorization: `Bearer ${token}` } }));
    for (let index = 0; index < 10; index++) await ask(port, token, QUESTIONS[index % QUESTIONS.length]);
    const first: number[] = [];
    const whole: number[] = [];
    for (let index = 0; index < ROUNDS; index++) {
      const timing = await ask(port, token, QUESTIONS[index % QUESTIONS.length]);
      first.push(timing.first);
      whole.push(timing.whole);
    }
    return {
      firstPieceMs: { p50: percentile(first, 50), p99: percentile(first, 99) },
      wholeAnswerMs: { p50: percentile(whole, 50), p99: percentile(whole, 99) },
    };
  } finally {
    await app.stop();
  }
}

export function printAdvisor(figures: AdvisorFigures): void {
  process.stdout.write(
    `\nConsultor Financeiro (embutido, ${ROUNDS} perguntas seguidas por HTTP):\n` +
      `  primeiro trecho: p50 ${figures.firstPieceMs.p50} ms, p99 ${figures.firstPieceMs.p99} ms\n` +
      `  resposta inteira: p50 ${figures.wholeAnswerMs.p50} ms, p99 ${figures.wholeAnswerMs.p99} ms\n`,
  );
}

if (require.main === module) runAsScript(() => measureAdvisor().then(printAdvisor));
