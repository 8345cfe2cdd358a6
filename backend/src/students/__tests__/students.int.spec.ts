import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { apiFixture } from '../../../../test/support/api-fixture';
import { type Principal } from '../../../../test/support/accounts';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { COMMAND_OBSERVER, CommandRunner } from '../../platform/event-store/command-runner';
import { projectionKeys } from '../../platform/projections/redis-keys';
import { REDIS } from '../../platform/queue/queue.module';
import { studentDecider } from '../domain/student.decider';
import { http, project } from './students-test-kit';
import { expectRefusal } from '../../../../test/support/api';

describe('students API', () => {
  const t = apiFixture();
  let trainer: Principal;
  let api: ReturnType<typeof http>;

  beforeEach(async () => {
    trainer = await t.principal();
    api = t.as(trainer);
  });

  async function createStudent(extra: Record<string, unknown> = {}): Promise<string> {
    const response = await api.post('/api/students', { nome: 'Ana Souza', ...extra });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  /**
   * A training session's credit consumed from student `id` by a command runner of its own, as a
   * separate API instance would (only the event store's version check stands between them).
   */
  const consumeOnAnInstance = (id: string, idempotency?: { key: string; fingerprint: string }) =>
    new CommandRunner(t.app.get<Db>(DATABASE), t.app.get(COMMAND_OBSERVER)).run({
      streamId: id,
      decider: studentDecider,
      command: { type: 'ConsumeCredit', reason: 'Treino' },
      context: {
        tenantId: trainer.tenantId,
        actorId: trainer.userId,
        actorRole: 'personal',
        correlationId: randomUUID(),
        idempotency,
      },
    });

  it('registers, reads, updates and removes a student through the read model', async () => {
    const created = await api.post('/api/students', {
      nome: '  Ana Souza ',
      whatsapp: '+55 (11) 99999-8888',
      email: 'ana@example.com',
      observacoes: 'Prefere manhã',
    });
    expect(created.statusCode).toBe(201);
    const { id, position } = created.json();
    expect(typeof position).toBe('number');
    await project(t.app);

    const student = await api.get(`/api/students/${id}`);
    expect(student.statusCode).toBe(200);
    expect(student.json()).toMatchObject({
      id,
      nome: 'Ana Souza',
      whatsapp: '11999998888',
      telefone: null,
      email: 'ana@example.com',
      observacoes: 'Prefere manhã',
      creditos: 0,
    });

    const updated = await api.patch(`/api/students/${id}`, {
      telefone: '55 11 3333-4444',
      observacoes: null,
    });
    expect(updated.statusCode).toBe(200);
    await project(t.app);
    expect((await api.get(`/api/students/${id}`)).json()).toMatchObject({
      nome: 'Ana Souza',
      telefone: '1133334444',
      observacoes: null,
    });
    expect((await api.get('/api/students')).json().items.map((s: { id: string }) => s.id)).toEqual([
      id,
    ]);

    const removed = await api.delete(`/api/students/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().position).toBeGreaterThan(updated.json().position);
    await project(t.app);
    expect((await api.get(`/api/students/${id}`)).statusCode).toBe(404);
    expect((await api.get('/api/students')).json()).toEqual({ items: [] });
    expect(
      (await api.post(`/api/students/${id}/credits`, { amount: 1, reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('reads its own writes without any header: the read waits for the projection', async () => {
    const { id } = (await api.post('/api/students', { nome: 'Carla Dias' })).json();
    let answered = false;
    const reading = api.get(`/api/students/${id}`).finally(() => (answered = true));
    // No worker runs here: the read is still waiting for the students projection.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    await project(t.app);
    const read = await reading;
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-stale']).toBeUndefined();

    await api.post(`/api/students/${id}/credits`, { amount: 3, reason: 'Plano' });
    const balance = api.get(`/api/students/${id}`);
    await project(t.app);
    expect((await balance).json().creditos).toBe(3);

    // Another trainer of another tenant has written nothing: their reads never wait.
    const { api: other } = await t.trainer();
    expect((await other.get('/api/students')).json()).toEqual({ items: [] });
  });

  it('remembers each writer’s own write when many commit at once, and each read waits for its own', async () => {
    const writers = await Promise.all(Array.from({ length: 12 }, () => t.trainer()));
    const answers = await Promise.all(
      writers.map(({ api: each }, index) => each.post('/api/students', { nome: `Aluno ${index}` })),
    );
    // The commits answered together are recorded together: each principal's record holds its own.
    const redis = t.app.get<Redis>(REDIS);
    const lastWrite = projectionKeys(t.config.REDIS_PREFIX).lastWrite;
    for (const [index, { userId }] of writers.entries()) {
      const record = await redis.hgetall(lastWrite(userId));
      expect(record.students).toMatch(new RegExp(`^\\d+:${answers[index].json().position}$`));
    }
    const readings = writers.map(({ api: each }) => each.get('/api/students'));
    await project(t.app);
    const names = (await Promise.all(readings)).map((read) =>
      read.json().items.map((student: { nome: string }) => student.nome),
    );
    expect(names).toEqual(writers.map((_, index) => [`Aluno ${index}`]));
  });

  it('exports the credit history as CSV with pt-BR dates in the tenant time zone', async () => {
    const id = await createStudent();
    await api.post(`/api/students/${id}/credits`, { amount: 8, reason: '=Renovação; "mensal"' });
    await api.post(`/api/students/${id}/credits/consume`, { reason: 'Treino' });
    const waiting = api.get(`/api/students/${id}/history.csv`);
    await project(t.app);
    const csv = await waiting;
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Data;Movimento;Quantidade;Valor;Saldo;Por;Motivo;Sessão;Transação');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};Créditos concedidos;8;;8;Personal;"'=Renovação; ""mensal""";;$/,
    );
    expect(lines[2]).toMatch(/;Crédito usado;-1;;7;Personal;Treino;;$/);
  });

  it('waits for X-Min-Position, and answers X-Stale when the read model does not get there', async () => {
    const { id, position } = (await api.post('/api/students', { nome: 'Bruno Lima' })).json();
    const stale = await api.get(`/api/students`, { 'x-min-position': String(position) });
    // No worker runs here: after the bounded wait the answer comes, marked stale.
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-stale']).toBe('true');
    expect(stale.json().items).toEqual([]);

    const granted = (
      await api.post(`/api/students/${id}/credits`, { amount: 4, reason: 'Plano' })
    ).json();
    const waiting = api.get(`/api/students/${id}`, { 'x-min-position': String(granted.position) });
    await project(t.app);
    const fresh = await waiting;
    expect(fresh.headers['x-stale']).toBeUndefined();
    expect(fresh.json().creditos).toBe(4);

    const bad = await api.get(`/api/students/${id}`, { 'x-min-position': 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('X-Min-Position');
  });

  it('lets exactly as many of 50 concurrent consumptions through as there are credits', async () => {
    const id = await createStudent();
    expect(
      (await api.post(`/api/students/${id}/credits`, { amount: 10, reason: 'Plano' })).statusCode,
    ).toBe(200);

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        api.post(`/api/students/${id}/credits/consume`, { reason: `Treino ${index}` }),
      ),
    );
    const ok = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const response of refused) {
      expect(response.json()).toEqual({
        statusCode: 409,
        code: 'no_credits',
        message: 'Aluno sem créditos disponíveis',
      });
    }

    await project(t.app);
    expect((await api.get(`/api/students/${id}`)).json().creditos).toBe(0);
    const history = (await api.get(`/api/students/${id}/history`)).json().items;
    const consumptions = history.filter((item: { type: string }) => item.type === 'CreditConsumed');
    expect(consumptions.map((item: { balanceAfter: number }) => item.balanceAfter)).toEqual([
      9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    ]);
    expect(history[0]).toMatchObject({
      type: 'CreditsGranted',
      amount: 10,
      balanceAfter: 10,
      reason: 'Plano',
      actor: { id: trainer.userId, role: 'personal' },
    });
    expect(consumptions.every((item: { amount: number }) => item.amount === -1)).toBe(true);
  });

  it('removes credits (the Desfazer of a renewal): concurrent removes never take the balance below zero', async () => {
    const id = await createStudent();
    await api.post(`/api/students/${id}/credits`, { amount: 8, reason: 'Renovação' });
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        api.post(`/api/students/${id}/credits/remove`, { amount: 3, motivo: 'Desfazer renovação' }),
      ),
    );
    const removed = responses.filter((response) => response.statusCode === 200);
    expect(removed).toHaveLength(2);
    for (const refused of responses.filter((response) => response.statusCode !== 200))
      expect(refused.json()).toMatchObject({ statusCode: 409, code: 'no_credits' });
    await project(t.app);
    expect((await api.get(`/api/students/${id}`)).json().creditos).toBe(2);
    const history = (await api.get(`/api/students/${id}/history`)).json().items;
    expect(history.slice(1)).toMatchObject([
      { type: 'CreditsRemoved', amount: -3, balanceAfter: 5, reason: 'Desfazer renovação' },
      { type: 'CreditsRemoved', amount: -3, balanceAfter: 2, reason: 'Desfazer renovação' },
    ]);

    const tooMany = await api.post(`/api/students/${id}/credits/remove`, {
      amount: 3,
      motivo: 'Engano',
    });
    expect(tooMany.json()).toEqual({
      statusCode: 409,
      code: 'no_credits',
      message: 'O aluno tem 2 créditos: não é possível remover mais do que isso',
    });
    for (const body of [{ amount: 0, motivo: 'x' }, { amount: 1 }, { amount: 1.5, motivo: 'x' }]) {
      const bad = await api.post(`/api/students/${id}/credits/remove`, body);
      expect(bad.statusCode).toBe(400);
    }
    await project(t.app);
    expect((await api.get(`/api/students/${id}`)).json().creditos).toBe(2);
  });

  it('keeps the invariant without the in-process queue: concurrent writers retry on version clashes', async () => {
    const id = await createStudent();
    await api.post(`/api/students/${id}/credits`, { amount: 3, reason: 'Plano' });
    // Separate runners stand for separate API instances: only the event store's version check protects them.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => consumeOnAnInstance(id)),
    );
    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    const rejections = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason.code] : [],
    );
    // A writer may give up after MAX_COMMAND_ATTEMPTS clashes (409), but never overdraws.
    expect(succeeded).toBeGreaterThanOrEqual(1);
    expect(succeeded).toBeLessThanOrEqual(3);
    expect(
      rejections.every((code) => code === 'no_credits' || code === 'concurrent_modification'),
    ).toBe(true);
    await project(t.app);
    expect((await api.get(`/api/students/${id}`)).json().creditos).toBe(3 - succeeded);
  });

  describe('Idempotency-Key', () => {
    /** A training session's credit consumed from student `id`, under the Idempotency-Key `key`. */
    const consumeUnder = (key: string, id: string) =>
      api.post(
        `/api/students/${id}/credits/consume`,
        { reason: 'Treino' },
        { 'idempotency-key': key },
      );
    /** A student named `nome` registered by `as`, under the Idempotency-Key `key`. */
    const registerUnder = (key: string, nome: string, as = api) =>
      as.post('/api/students', { nome }, { 'idempotency-key': key });

    it('answers the first result again and appends nothing', async () => {
      const id = await createStudent();
      await api.post(`/api/students/${id}/credits`, { amount: 2, reason: 'Plano' });
      const first = await consumeUnder('consume-1', id);
      const before = await t.countEvents();
      const again = await consumeUnder('consume-1', id);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      expect(await t.countEvents()).toBe(before);

      const created = await registerUnder('new-carla', 'Carla');
      const createdAgain = await registerUnder('new-carla', 'Carla');
      expect(createdAgain.statusCode).toBe(201);
      expect(createdAgain.json()).toEqual(created.json());
    });

    it('remembers a refusal too', async () => {
      const id = await createStudent();
      const first = await consumeUnder('k', id);
      expect(first.statusCode).toBe(409);
      await api.post(`/api/students/${id}/credits`, { amount: 5, reason: 'Plano' });
      const again = await consumeUnder('k', id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(first.json());
    });

    it('appends once for concurrent duplicates, over HTTP and across instances', async () => {
      const id = await createStudent();
      await api.post(`/api/students/${id}/credits`, { amount: 20, reason: 'Plano' });
      const before = await t.countEvents();
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => consumeUnder('dup-http', id)),
      );
      expect(new Set(responses.map((response) => response.body)).size).toBe(1);
      expect(await t.countEvents()).toBe(before + 1);

      const idempotency = { key: 'dup-instances', fingerprint: 'dup-instances' };
      const results = await Promise.all(
        Array.from({ length: 5 }, () => consumeOnAnInstance(id, idempotency)),
      );
      expect(new Set(results.map((result) => result.position)).size).toBe(1);
      expect(await t.countEvents()).toBe(before + 2);
    });

    it('scopes keys by tenant', async () => {
      const { api: other } = await t.trainer();
      const mine = await registerUnder('shared', 'Dani');
      const theirs = await registerUnder('shared', 'Eva', other);
      expect(theirs.json().id).not.toBe(mine.json().id);
    });

    it('refuses a used key on another request (another body, route or student) and runs nothing', async () => {
      const id = await createStudent();
      const other = await createStudent({ nome: 'Fábio' });
      const key = { 'idempotency-key': 'grant-once' };
      const first = await api.post(
        `/api/students/${id}/credits`,
        { amount: 2, reason: 'Plano' },
        key,
      );
      expect(first.statusCode).toBe(200);
      const before = await t.countEvents();

      const attempts = await Promise.all([
        api.post(`/api/students/${id}/credits`, { amount: 9, reason: 'Plano' }, key),
        api.post(`/api/students/${other}/credits`, { amount: 2, reason: 'Plano' }, key),
        api.post(`/api/students/${id}/credits/consume`, { reason: 'Plano' }, key),
        api.patch(`/api/students/${id}`, { nome: 'Outro Nome' }, key),
      ]);
      for (const response of attempts) {
        expectRefusal(
          response,
          422,
          'idempotency_key_reused',
          "Esta 'Idempotency-Key' já foi usada em outra requisição. Gere uma chave nova para cada operação.",
        );
      }
      expect(await t.countEvents()).toBe(before);
      const same = await api.post(
        `/api/students/${id}/credits`,
        { amount: 2, reason: 'Plano' },
        key,
      );
      expect(same.json()).toEqual(first.json());
    });

    it('does not remember a validation error: the corrected request runs with the same key', async () => {
      const id = await createStudent();
      const key = { 'idempotency-key': 'fix-me' };
      const invalid = await api.post(
        `/api/students/${id}/credits`,
        { amount: 0, reason: 'Plano' },
        key,
      );
      expect(invalid.statusCode).toBe(400);
      const fixed = await api.post(
        `/api/students/${id}/credits`,
        { amount: 1, reason: 'Plano' },
        key,
      );
      expect(fixed.statusCode).toBe(200);
      expect(typeof fixed.json().position).toBe('number');
    });
  });

  it("a credit consumed for another tenant's session: 404 'Sessão não encontrada', nothing written", async () => {
    const id = await createStudent();
    await api.post(`/api/students/${id}/credits`, { amount: 2, reason: 'Plano' });
    const { api: intruder } = await t.trainer();
    const theirStudent = (await intruder.post('/api/students', { nome: 'Outra Pessoa' })).json().id;
    const theirSession = await intruder.post('/api/sessions', {
      studentId: theirStudent,
      inicio: '2030-03-04T10:00:00-03:00',
      fim: '2030-03-04T11:00:00-03:00',
    });
    expect(theirSession.statusCode).toBe(201);
    const before = await t.countEvents();
    for (const sessionId of [theirSession.json().id, randomUUID()]) {
      const consumed = await api.post(`/api/students/${id}/credits/consume`, { reason: 'Treino', sessionId });
      expect(consumed.json()).toEqual({ statusCode: 404, code: 'not_found', message: 'Sessão não encontrada' });
    }
    expect(await t.countEvents()).toBe(before);
    await project(t.app);
    expect((await api.get(`/api/students/${id}`)).json().creditos).toBe(2);
  });

  it("answers 404 for another tenant's student on every route and writes nothing", async () => {
    const id = await createStudent();
    await api.post(`/api/students/${id}/credits`, { amount: 3, reason: 'Plano' });
    await project(t.app);
    const { api: intruder } = await t.trainer();
    const before = await t.countEvents();

    const attempts = [
      intruder.get(`/api/students/${id}`),
      intruder.get(`/api/students/${id}/history`),
      intruder.patch(`/api/students/${id}`, { nome: 'Hacker' }),
      intruder.delete(`/api/students/${id}`),
      intruder.post(`/api/students/${id}/credits`, { amount: 5, reason: 'x' }),
      intruder.post(`/api/students/${id}/credits/consume`, { reason: 'x' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expectRefusal(response, 404, 'not_found', 'Aluno não encontrado');
    }
    expect((await intruder.get('/api/students')).json()).toEqual({ items: [] });
    expect(await t.countEvents()).toBe(before);
    await project(t.app);
    expect((await api.get(`/api/students/${id}`)).json()).toMatchObject({
      nome: 'Ana Souza',
      creditos: 3,
    });
  });

  it('requires a trainer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/students' })).statusCode).toBe(401);
    const { token } = await t.principal('aluno', trainer.tenantId);
    const asStudent = await t.app.inject({
      method: 'GET',
      url: '/api/students',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asStudent.statusCode).toBe(403);
  });

  describe('bad input: 400 naming the field, nothing appended', () => {
    const cases: Array<[string, string, (id: string) => string, unknown, string]> = [
      ['missing nome', 'POST', () => '/api/students', {}, "Campo 'Nome' é obrigatório"],
      [
        'short nome',
        'POST',
        () => '/api/students',
        { nome: 'A' },
        'Nome deve ter pelo menos 2 caracteres',
      ],
      [
        'nome of wrong type',
        'POST',
        () => '/api/students',
        { nome: 42 },
        "Campo 'Nome' deve ser um texto",
      ],
      [
        'bad whatsapp',
        'POST',
        () => '/api/students',
        { nome: 'Ana', whatsapp: '123' },
        'WhatsApp inválido',
      ],
      [
        'bad email',
        'POST',
        () => '/api/students',
        { nome: 'Ana', email: 'ana@' },
        'E-mail inválido',
      ],
      [
        'unknown field',
        'POST',
        () => '/api/students',
        { nome: 'Ana', tenantId: randomUUID() },
        'tenantId',
      ],
      [
        'huge observacoes',
        'POST',
        () => '/api/students',
        { nome: 'Ana', observacoes: 'x'.repeat(1001) },
        'Observações',
      ],
      [
        'empty patch',
        'PATCH',
        (id) => `/api/students/${id}`,
        {},
        'Informe ao menos um campo para alterar',
      ],
      [
        'missing amount',
        'POST',
        (id) => `/api/students/${id}/credits`,
        { reason: 'x' },
        "Campo 'Quantidade' é obrigatório",
      ],
      [
        'amount as text',
        'POST',
        (id) => `/api/students/${id}/credits`,
        { amount: '5', reason: 'x' },
        "Campo 'Quantidade' deve ser um número",
      ],
      [
        'negative amount',
        'POST',
        (id) => `/api/students/${id}/credits`,
        { amount: -3, reason: 'x' },
        "Campo 'Quantidade' deve ser um número inteiro entre 1 e 1000",
      ],
      [
        'huge amount',
        'POST',
        (id) => `/api/students/${id}/credits`,
        { amount: 1_000_000, reason: 'x' },
        "Campo 'Quantidade' deve ser um número inteiro entre 1 e 1000",
      ],
      [
        'fractional amount',
        'POST',
        (id) => `/api/students/${id}/credits`,
        { amount: 1.5, reason: 'x' },
        "Campo 'Quantidade' deve ser um número inteiro entre 1 e 1000",
      ],
      [
        'missing reason',
        'POST',
        (id) => `/api/students/${id}/credits/consume`,
        {},
        "Campo 'Motivo' é obrigatório",
      ],
      [
        'huge reason',
        'POST',
        (id) => `/api/students/${id}/credits/consume`,
        { reason: 'x'.repeat(201) },
        "Campo 'Motivo' deve ter no máximo 200",
      ],
      [
        'bad sessionId',
        'POST',
        (id) => `/api/students/${id}/credits/consume`,
        { reason: 'x', sessionId: 'abc' },
        "Campo 'Sessão'",
      ],
    ];

    it.each(cases)('%s', async (_name, method, url, payload, message) => {
      const id = await createStudent();
      await api.post(`/api/students/${id}/credits`, { amount: 1, reason: 'Plano' });
      const before = await t.countEvents();
      const response = await t.app.inject({
        method: method as 'POST' | 'PATCH',
        url: url(id),
        payload: payload as object,
        headers: { authorization: `Bearer ${trainer.token}` },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_error');
      expect(response.json().message).toContain(message);
      expect(await t.countEvents()).toBe(before);
    });

    it('refuses a body above the size limit with 413 and writes nothing', async () => {
      const before = await t.countEvents();
      const response = await api.post('/api/students', {
        nome: 'Ana',
        observacoes: 'x'.repeat(t.config.BODY_LIMIT_BYTES),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('O corpo da requisição é grande demais.');
      expect(await t.countEvents()).toBe(before);
    });
  });
});
