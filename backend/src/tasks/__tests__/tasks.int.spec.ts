import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { expectRefusal, http } from '../../../../test/support/api';
import { type Principal } from '../../../../test/support/accounts';
import { apiFixture } from '../../../../test/support/api-fixture';
import type { Task, TaskList } from '../../contracts/tasks/api';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { CommandRunner } from '../../platform/event-store/command-runner';
import { drainToEndOfLog } from '../../../../test/support/projections';
import type { ProjectionChange } from '../../platform/projections/projection';
import { TaskCommands } from '../commands/task.commands';
import { taskProjections } from '../projections';

describe('tasks API', () => {
  const t = apiFixture();
  let api: ReturnType<typeof http>;
  let trainer: Principal;

  beforeEach(async () => {
    trainer = await t.principal();
    api = t.as(trainer);
  });

  async function lists(): Promise<TaskList[]> {
    await t.project();
    return (await api.get('/api/task-lists')).json().items;
  }

  async function tasks(query = ''): Promise<Task[]> {
    await t.project();
    const response = await api.get(`/api/tasks${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().items;
  }

  async function task(id: string): Promise<Task> {
    await t.project();
    const response = await api.get(`/api/tasks/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  async function createList(body: Record<string, unknown> = {}): Promise<string> {
    const response = await api.post('/api/task-lists', {
      nome: 'Academia',
      cor: '#12B886',
      ...body,
    });
    expect(response.json()).toMatchObject({ id: expect.any(String), position: expect.any(Number) });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  async function createTask(body: Record<string, unknown> = {}): Promise<string> {
    const response = await api.post('/api/tasks', { titulo: 'Enviar treino', ...body });
    expect(response.json()).toMatchObject({ id: expect.any(String) });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  const complete = (id: string, concluida = true, extra?: Record<string, string>) =>
    api.patch(`/api/tasks/${id}`, { concluida }, extra);

  it('answers a default list before anything is written, and keeps it once renamed', async () => {
    const before = await t.countEvents(trainer.tenantId);
    const [initial] = await lists();
    expect(await lists()).toEqual([
      { id: initial.id, nome: 'Minhas tarefas', cor: '#228be6', ordem: 0, padrao: true },
    ]);
    expect(await t.countEvents(trainer.tenantId)).toBe(before);

    // Its id is stable: the same on every read, so a task can be put there before it has a stream.
    const id = await createTask({ listId: initial.id });
    expect((await task(id)).listId).toBe(initial.id);

    expect((await api.patch(`/api/task-lists/${initial.id}`, { nome: 'Pessoal' })).statusCode).toBe(
      200,
    );
    const academia = await createList();
    expect(await lists()).toEqual([
      { id: initial.id, nome: 'Pessoal', cor: '#228be6', ordem: 0, padrao: true },
      { id: academia, nome: 'Academia', cor: '#12b886', ordem: expect.any(Number), padrao: false },
    ]);

    const refused = await api.delete(`/api/task-lists/${initial.id}`);
    expectRefusal(refused, 409, 'default_list', 'A lista padrão não pode ser excluída.');
  });

  it('creates, orders, edits and removes lists', async () => {
    const b = await createList({ nome: 'Estúdio', ordem: 20 });
    const a = await createList({ nome: 'Academia', ordem: 10 });
    expect((await lists()).map((list) => list.nome)).toEqual([
      'Minhas tarefas',
      'Academia',
      'Estúdio',
    ]);

    expect((await api.patch(`/api/task-lists/${b}`, { ordem: 5, cor: '#fa5252' })).statusCode).toBe(
      200,
    );
    expect((await lists()).map((list) => [list.nome, list.cor])).toEqual([
      ['Minhas tarefas', '#228be6'],
      ['Estúdio', '#fa5252'],
      ['Academia', '#12b886'],
    ]);

    expect((await api.delete(`/api/task-lists/${a}`)).statusCode).toBe(200);
    expect((await lists()).map((list) => list.nome)).toEqual(['Minhas tarefas', 'Estúdio']);
    const gone = await api.patch(`/api/task-lists/${a}`, { nome: 'De volta' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Lista não encontrada');
  });

  it('creates a task in the default list, last, with every field the form has, and edits it', async () => {
    const first = await createTask({ titulo: 'Primeira' });
    const id = await createTask({
      titulo: '  Avaliação física da Ana  ',
      descricao: 'Levar adipômetro',
      dataVencimento: '2026-05-04',
      horaVencimento: '07:30',
      repeticao: 'mensal',
    });
    const [defaultList] = await lists();
    const created = await task(id);
    expect(created).toEqual({
      id,
      titulo: 'Avaliação física da Ana',
      descricao: 'Levar adipômetro',
      dataVencimento: '2026-05-04',
      horaVencimento: '07:30',
      listId: defaultList.id,
      diaInteiro: false,
      repeticao: 'mensal',
      concluida: false,
      concluidaEm: null,
      ordem: expect.any(Number),
      anteriorId: null,
      proximaId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await tasks()).map((item) => item.id)).toEqual([first, id]);

    // 'Dia inteiro' drops the time; a description cleared is none.
    expect(
      (await api.patch(`/api/tasks/${id}`, { diaInteiro: true, descricao: '' })).statusCode,
    ).toBe(200);
    expect(await task(id)).toMatchObject({
      diaInteiro: true,
      horaVencimento: null,
      descricao: null,
    });

    // Dragged before the first one.
    expect(
      (await api.patch(`/api/tasks/${id}`, { ordem: (await task(first)).ordem - 1 })).statusCode,
    ).toBe(200);
    expect((await tasks()).map((item) => item.id)).toEqual([id, first]);

    const academia = await createList();
    expect(
      (await api.patch(`/api/tasks/${id}`, { listId: academia, titulo: 'Avaliação' })).statusCode,
    ).toBe(200);
    expect(await task(id)).toMatchObject({ listId: academia, titulo: 'Avaliação' });
    expect((await tasks(`?listId=${academia}`)).map((item) => item.id)).toEqual([id]);

    expect((await api.delete(`/api/tasks/${id}`)).statusCode).toBe(200);
    expect((await tasks()).map((item) => item.id)).toEqual([first]);
    expect((await api.get(`/api/tasks/${id}`)).json()).toEqual({
      statusCode: 404,
      code: 'not_found',
      message: 'Tarefa não encontrada',
    });
  });

  it("takes a task with only a title and 'Dia inteiro' off, and an edit that clears its date: no date, no time", async () => {
    const id = await createTask({ titulo: 'Ligar para o Bruno', diaInteiro: false });
    expect(await task(id)).toMatchObject({
      titulo: 'Ligar para o Bruno',
      dataVencimento: null,
      horaVencimento: null,
    });
    const dated = await createTask({ dataVencimento: '2026-05-04', horaVencimento: '10:00' });
    const edited = await api.patch(`/api/tasks/${dated}`, {
      titulo: 'Sem data',
      dataVencimento: null,
      horaVencimento: null,
      diaInteiro: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(await task(dated)).toMatchObject({
      titulo: 'Sem data',
      dataVencimento: null,
      horaVencimento: null,
    });
    expect((await api.patch(`/api/tasks/${id}`, { diaInteiro: false })).statusCode).toBe(200);
  });

  it('completing sets concluidaEm, reopening clears it', async () => {
    const id = await createTask({ repeticao: 'nenhuma' });
    const before = Date.now();
    expect((await complete(id)).statusCode).toBe(200);
    const done = await task(id);
    expect(done.concluida).toBe(true);
    expect(Date.parse(done.concluidaEm as string)).toBeGreaterThanOrEqual(before - 1_000);
    expect(done.proximaId).toBeNull();
    expect(await tasks()).toHaveLength(1);

    expect((await complete(id, false)).statusCode).toBe(200);
    expect(await task(id)).toMatchObject({ concluida: false, concluidaEm: null });
  });

  it('completing a weekly task creates its next occurrence a week later, once', async () => {
    const academia = await createList();
    const id = await createTask({
      titulo: 'Treino da Bia',
      descricao: 'Costas e bíceps',
      dataVencimento: '2026-03-06',
      horaVencimento: '18:00',
      repeticao: 'semanal',
      listId: academia,
      ordem: 42,
    });
    expect((await complete(id)).statusCode).toBe(200);
    const done = await task(id);
    expect(done.proximaId).toEqual(expect.any(String));
    const next = await task(done.proximaId as string);
    expect(next).toMatchObject({
      titulo: 'Treino da Bia',
      descricao: 'Costas e bíceps',
      dataVencimento: '2026-03-13',
      horaVencimento: '18:00',
      repeticao: 'semanal',
      listId: academia,
      ordem: 42,
      concluida: false,
      anteriorId: id,
    });

    // Completed again, reopened and completed again: still one next occurrence.
    expect((await complete(id)).statusCode).toBe(200);
    expect((await complete(id, false)).statusCode).toBe(200);
    expect((await complete(id)).statusCode).toBe(200);
    expect((await tasks()).map((item) => item.dataVencimento)).toEqual([
      '2026-03-06',
      '2026-03-13',
    ]);

    // The next one repeats in turn, and its list cannot go while it is there.
    expect((await complete(next.id)).statusCode).toBe(200);
    expect((await tasks()).map((item) => item.dataVencimento)).toEqual([
      '2026-03-06',
      '2026-03-13',
      '2026-03-20',
    ]);
    const refused = await api.delete(`/api/task-lists/${academia}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('has_links');
  });

  it('a monthly task of the 31st falls on the last day of shorter months and on the 31st again after', async () => {
    let id = await createTask({
      dataVencimento: '2026-12-31',
      repeticao: 'mensal',
      diaInteiro: true,
    });
    const dates: (string | null)[] = [];
    for (let month = 0; month < 4; month++) {
      expect((await complete(id)).statusCode).toBe(200);
      id = (await task(id)).proximaId as string;
      dates.push((await task(id)).dataVencimento);
    }
    expect(dates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);

    const leap = await createTask({ dataVencimento: '2028-01-30', repeticao: 'mensal' });
    await complete(leap);
    expect((await task((await task(leap)).proximaId as string)).dataVencimento).toBe('2028-02-29');
    const daily = await createTask({ dataVencimento: '2026-12-31', repeticao: 'diaria' });
    await complete(daily);
    expect((await task((await task(daily)).proximaId as string)).dataVencimento).toBe('2027-01-01');
  });

  it('completions at once on three API instances, or a retried one, create one next occurrence', async () => {
    // Two more instances: their own runners (no shared queue nor cache), the same database.
    const db = t.app.get<Db>(DATABASE);
    const others = [
      new TaskCommands(new CommandRunner(db)),
      new TaskCommands(new CommandRunner(db)),
    ];
    const completeOn = (commands: TaskCommands, id: string) =>
      commands.handle(
        {
          tenantId: trainer.tenantId,
          actorId: trainer.userId,
          actorRole: 'personal',
          correlationId: randomUUID(),
        },
        id,
        { type: 'UpdateTask', changes: { concluida: true }, nextId: uuidv7() },
      );
    for (let round = 0; round < 5; round++) {
      const id = await createTask({
        titulo: `Repete ${round}`,
        dataVencimento: '2026-06-01',
        repeticao: 'diaria',
      });
      const [answer] = await Promise.all([
        complete(id),
        completeOn(others[0], id),
        completeOn(others[1], id),
      ]);
      expect(answer.statusCode).toBe(200);
    }
    const all = await tasks();
    expect(all).toHaveLength(10);
    expect(
      all.filter((item) => item.anteriorId !== null).map((item) => item.dataVencimento),
    ).toEqual(Array(5).fill('2026-06-02'));

    // The same request retried with its Idempotency-Key answers the first result.
    const id = await createTask({ dataVencimento: '2026-06-01', repeticao: 'semanal' });
    const key = { 'idempotency-key': `completar-${id}` };
    const [first, retry] = [await complete(id, true, key), await complete(id, true, key)];
    expect(retry.json()).toEqual(first.json());
    expect((await tasks()).filter((item) => item.anteriorId === id)).toHaveLength(1);
  });

  it('a list with tasks is not removed (409 has_links), even when a task arrives at the same moment', async () => {
    const academia = await createList();
    const id = await createTask({ listId: academia });
    const refused = await api.delete(`/api/task-lists/${academia}`);
    expect(refused.json()).toEqual({
      statusCode: 409,
      code: 'has_links',
      message: 'Não é possível excluir a lista: ela tem tarefas. Mova ou exclua as tarefas antes.',
    });
    // Moved out, the list can go; then nothing can be put in it.
    const [defaultList] = await lists();
    expect((await api.patch(`/api/tasks/${id}`, { listId: defaultList.id })).statusCode).toBe(200);
    expect((await api.delete(`/api/task-lists/${academia}`)).statusCode).toBe(200);
    const late = await api.post('/api/tasks', { titulo: 'Tarde', listId: academia });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe('Lista não encontrada');

    for (let round = 0; round < 5; round++) {
      const list = await createList({ nome: `Lista ${round}` });
      const [removal, creation] = await Promise.all([
        api.delete(`/api/task-lists/${list}`),
        api.post('/api/tasks', { titulo: `Tarefa ${round}`, listId: list }),
      ]);
      expect([
        [200, 404],
        [201, 409],
      ]).toContainEqual([removal.statusCode, creation.statusCode].sort());
    }
    // A removed task no longer holds its list.
    const list = await createList({ nome: 'Temporária' });
    const temporary = await createTask({ listId: list });
    expect((await api.delete(`/api/tasks/${temporary}`)).statusCode).toBe(200);
    expect((await api.delete(`/api/task-lists/${list}`)).statusCode).toBe(200);
  });

  it('filters tasks by due date, inclusive', async () => {
    await createTask({ titulo: 'Antes', dataVencimento: '2026-04-30' });
    await createTask({ titulo: 'Início', dataVencimento: '2026-05-01' });
    await createTask({ titulo: 'Fim', dataVencimento: '2026-05-31' });
    await createTask({ titulo: 'Sem data' });
    expect((await tasks('?from=2026-05-01&to=2026-05-31')).map((item) => item.titulo)).toEqual([
      'Início',
      'Fim',
    ]);
  });

  it('refuses bad input naming the field, in pt-BR, writing nothing', async () => {
    const id = await createTask({ dataVencimento: '2026-05-04' });
    const undated = await createTask();
    const list = await createList();
    await t.project();
    const before = await t.countEvents();
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/tasks', { titulo: '   ' }, 'Título é obrigatório'],
      ['POST', '/api/tasks', {}, 'Título é obrigatório'],
      [
        'POST',
        '/api/tasks',
        { titulo: 'x'.repeat(201) },
        'Título deve ter no máximo 200 caracteres',
      ],
      [
        'POST',
        '/api/tasks',
        { titulo: 'T', dataVencimento: '2026-02-30' },
        'Data de vencimento inválida (use AAAA-MM-DD)',
      ],
      [
        'POST',
        '/api/tasks',
        { titulo: 'T', dataVencimento: '2026-05-04', horaVencimento: '25:00' },
        'Horário inválido (use HH:mm)',
      ],
      [
        'POST',
        '/api/tasks',
        { titulo: 'T', horaVencimento: '10:00' },
        'Informe a data de vencimento para definir um horário',
      ],
      [
        'POST',
        '/api/tasks',
        { titulo: 'T', dataVencimento: '2026-05-04', horaVencimento: '10:00', diaInteiro: true },
        'Tarefa de dia inteiro não tem horário',
      ],
      [
        'POST',
        '/api/tasks',
        { titulo: 'T', dataVencimento: '2026-05-04', diaInteiro: false },
        "Informe o horário ou marque 'Dia inteiro'",
      ],
      [
        'POST',
        '/api/tasks',
        { titulo: 'T', repeticao: 'anual' },
        'Repetição inválida (nenhuma, diaria, semanal ou mensal)',
      ],
      ['POST', '/api/tasks', { titulo: 'T', listId: 'academia' }, 'Lista inválida'],
      ['POST', '/api/tasks', { titulo: 'T', ordem: 1e308 }, 'Ordem fora do intervalo permitido'],
      [
        'POST',
        '/api/tasks',
        { titulo: 'T', concluida: 'sim' },
        'Concluída deve ser verdadeiro ou falso',
      ],
      [
        'POST',
        '/api/tasks',
        { titulo: 'T', tenantId: list },
        'Requisição inválida: campo(s) não permitido(s): tenantId',
      ],
      ['PATCH', `/api/tasks/${id}`, {}, 'Informe ao menos um campo para alterar'],
      ['PATCH', `/api/tasks/${id}`, { titulo: '' }, 'Título é obrigatório'],
      [
        'PATCH',
        `/api/tasks/${undated}`,
        { horaVencimento: '08:00' },
        'Informe a data de vencimento para definir um horário',
      ],
      [
        'PATCH',
        `/api/tasks/${id}`,
        { diaInteiro: false },
        "Informe o horário ou marque 'Dia inteiro'",
      ],
      ['POST', '/api/task-lists', { nome: ' ' }, 'Nome da lista é obrigatório'],
      ['POST', '/api/task-lists', { nome: 'Lista', cor: 'verde' }, 'Cor inválida (use #RRGGBB)'],
      [
        'PATCH',
        `/api/task-lists/${list}`,
        { nome: 'x'.repeat(61) },
        'Nome da lista deve ter no máximo 60 caracteres',
      ],
    ];
    for (const [method, url, body, message] of cases) {
      const response = method === 'POST' ? await api.post(url, body) : await api.patch(url, body);
      expect({ url, body, answer: response.json() }).toEqual({
        url,
        body,
        answer: { statusCode: 400, code: 'validation_error', message },
      });
    }
    for (const query of ['?from=2026-13-01', '?to=amanhã', '?listId=1']) {
      const response = await api.get(`/api/tasks${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^(Data (inicial|final) inválida|Lista inválida)/);
    }
    expect(await t.countEvents()).toBe(before);
  });

  it("answers 404 for another tenant's task or list and 403 to a student, changing nothing", async () => {
    const list = await createList();
    const id = await createTask({ listId: list, repeticao: 'diaria' });
    await t.project();
    const { api: intruder } = await t.trainer();
    const before = await t.countEvents();
    const missingTask = { statusCode: 404, code: 'not_found', message: 'Tarefa não encontrada' };
    const missingList = { statusCode: 404, code: 'not_found', message: 'Lista não encontrada' };
    const answers = await Promise.all([
      intruder.get(`/api/tasks/${id}`),
      intruder.patch(`/api/tasks/${id}`, { concluida: true }),
      intruder.delete(`/api/tasks/${id}`),
      intruder.get('/api/tasks/not-a-uuid'),
      intruder.patch(`/api/task-lists/${list}`, { nome: 'Roubada' }),
      intruder.delete(`/api/task-lists/${list}`),
      intruder.post('/api/tasks', { titulo: 'Intrusa', listId: list }),
      intruder.patch(`/api/tasks/${list}`, { titulo: 'Uma lista não é tarefa' }),
    ]);
    expect(answers.map((answer) => answer.json())).toEqual([
      missingTask,
      missingTask,
      missingTask,
      missingTask,
      missingList,
      missingList,
      missingList,
      missingTask,
    ]);
    expect((await intruder.get('/api/tasks')).json().items).toEqual([]);
    expect(
      (await intruder.get('/api/task-lists')).json().items.map((l: TaskList) => l.nome),
    ).toEqual(['Minhas tarefas']);

    const student = t.as(await t.principal('aluno'));
    for (const response of await Promise.all([
      student.get('/api/tasks'),
      student.get('/api/task-lists'),
      student.post('/api/tasks', { titulo: 'Aluno' }),
      student.post('/api/task-lists', { nome: 'Aluno' }),
      student.patch(`/api/tasks/${id}`, { concluida: true }),
      student.delete(`/api/task-lists/${list}`),
    ])) {
      expect(response.statusCode).toBe(403);
    }
    expect(await t.countEvents()).toBe(before);
    expect((await task(id)).concluida).toBe(false);
  });

  it("tells the tenant's browsers about 'task' and 'task-list' changes", async () => {
    const db = t.app.get<Db>(DATABASE);
    await t.project();
    const list = await createList();
    const id = await createTask({ listId: list, repeticao: 'diaria' });
    await complete(id);
    const changes: ProjectionChange[] = [];
    // To the end of the log, not one drain: a transaction open anywhere on this PostgreSQL (another
    // test file, another run beside this one) may hold the completion back from the first.
    await drainToEndOfLog(
      db,
      taskProjections,
      30_000,
      async (batch) => void changes.push(...batch.changes),
    );
    const next = (await task(id)).proximaId as string;
    expect(changes.map(({ type, id: changed }) => ({ type, id: changed }))).toEqual(
      expect.arrayContaining([
        { type: 'task-list', id: list },
        { type: 'task', id },
        { type: 'task', id: next },
      ]),
    );
  });
});
