import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiFixture } from '../../../../test/support/api-fixture';
import { SSE_DONE, sseDelta } from '../../contracts/advisor/api';
import { zonedParts } from '../../contracts/shared/time';

/** The text an SSE answer carries, from its `data:` lines (and whether it ended with [DONE]). */
function streamed(body: string): { text: string; done: boolean } {
  const lines = body.split('\n').filter((line) => line.startsWith('data: '));
  const done = lines.at(-1) === 'data: [DONE]';
  const text = lines
    .filter((line) => line !== 'data: [DONE]')
    .map((line) => (JSON.parse(line.slice(6)) as { choices: { delta: { content: string } }[] }).choices[0].delta.content)
    .join('');
  return { text, done };
}

const today = () => zonedParts(new Date(), 'America/Sao_Paulo').date;
const ask = (content: string) => ({ messages: [{ role: 'user', content }] });

describe("the 'Consultor Financeiro' built in", () => {
  const t = apiFixture({ RATE_LIMIT_ADVISOR: '3/60' });

  it('answers from the tenant’s own month: what was received, what to save, whom to renew', async () => {
    const { api: trainer } = await t.trainer();
    const { api: other } = await t.trainer();
    const receita = { tipo: 'receita', valor: 500, data: today(), descricao: 'Mensalidade Ana', metodoPagamento: 'pix' };
    expect((await trainer.post('/api/transactions', receita)).statusCode).toBe(201);
    expect((await other.post('/api/transactions', { ...receita, valor: 9_999 })).statusCode).toBe(201);
    expect((await trainer.post('/api/students', { nome: 'Bruno Lima' })).statusCode).toBe(201);
    await t.project();

    const overview = await trainer.post('/api/advisor/chat', ask('Como estou este mês?'));
    expect(overview.statusCode).toBe(200);
    expect(overview.headers['content-type']).toMatch(/^text\/event-stream/);
    const answer = streamed(overview.body);
    expect(answer.done).toBe(true);
    expect(answer.text).toContain('recebeu R$\u00a0500,00');
    expect(answer.text).not.toContain('9.999');

    const save = streamed((await trainer.post('/api/advisor/chat', ask('Quanto devo guardar?'))).body).text;
    expect(save).toContain('Sugiro guardar R$\u00a0100,00');

    const renew = streamed((await trainer.post('/api/advisor/chat', ask('Quais alunos renovar?'))).body).text;
    expect(renew).toContain('Bruno Lima (0 créditos)');
  });

  it('refuses bad input in pt-BR naming the field, other roles and too many messages', async () => {
    const principal = await t.principal();
    const trainer = t.as(principal);
    const empty = await trainer.post('/api/advisor/chat', { messages: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('mensagens');
    const lastFromAssistant = await trainer.post('/api/advisor/chat', { messages: [{ role: 'assistant', content: 'Oi' }] });
    expect(lastFromAssistant.statusCode).toBe(400);
    expect(lastFromAssistant.json().message).toContain('última mensagem');
    const nul = await trainer.post('/api/advisor/chat', ask('oi\u0000'));
    expect(nul.statusCode).toBe(400);

    const student = t.as(await t.principal('aluno', principal.tenantId));
    expect((await student.post('/api/advisor/chat', ask('Oi'))).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/advisor/chat', payload: ask('Oi') });
    expect(anonymous.statusCode).toBe(401);

    // RATE_LIMIT_ADVISOR is 3 a minute here; the refusals above were not counted (checked first).
    for (let n = 0; n < 3; n++) expect((await trainer.post('/api/advisor/chat', ask('Oi'))).statusCode).toBe(200);
    const limited = await trainer.post('/api/advisor/chat', ask('Oi'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe("the 'Consultor Financeiro' through a chat-completions provider", () => {
  let provider: Server;
  let failWith: number | undefined;
  const received: { authorization?: string; body: { model: string; stream: boolean; messages: { role: string; content: string }[] } }[] = [];

  const readBody = async (request: IncomingMessage) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    return JSON.parse(body);
  };

  beforeAll(async () => {
    provider = createServer(async (request, response) => {
      received.push({ authorization: request.headers.authorization, body: await readBody(request) });
      if (failWith) {
        response.writeHead(failWith, 'Internal Server Error', { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'boom' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of ['Guarde ', 'R$ 100 ', 'este mês.']) response.write(sseDelta(piece));
      response.end(SSE_DONE);
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise((resolve) => provider.close(resolve)));
  const t = apiFixture(() => ({
    ADVISOR_LLM_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
    ADVISOR_LLM_API_KEY: 'chave-de-teste',
    ADVISOR_LLM_MODEL: 'modelo-de-teste',
  }));

  it('streams the provider’s answer with the month’s figures as context, and its errors as Erro {status}', async () => {
    const { api: trainer } = await t.trainer();
    const receita = { tipo: 'receita', valor: 500, data: today(), descricao: 'Mensalidade Ana', metodoPagamento: 'pix' };
    expect((await trainer.post('/api/transactions', receita)).statusCode).toBe(201);
    await t.project();

    const response = await trainer.post('/api/advisor/chat', ask('Quanto guardar?'));
    expect(response.statusCode).toBe(200);
    expect(streamed(response.body)).toEqual({ text: 'Guarde R$ 100 este mês.', done: true });
    const call = received.at(-1)!;
    expect(call.authorization).toBe('Bearer chave-de-teste');
    expect(call.body.model).toBe('modelo-de-teste');
    expect(call.body.stream).toBe(true);
    expect(call.body.messages[0].role).toBe('system');
    expect(call.body.messages[0].content).toContain('Recebido: R$\u00a0500,00');
    expect(call.body.messages.at(-1)).toEqual({ role: 'user', content: 'Quanto guardar?' });

    failWith = 500;
    const failed = await trainer.post('/api/advisor/chat', ask('Oi'));
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'advisor_unavailable', message: 'Erro 500: Internal Server Error' });
  });
});
