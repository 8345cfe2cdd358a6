import { expectRefusal, http } from '../../../../test/support/api';
import { apiFixture } from '../../../../test/support/api-fixture';

describe('plans API', () => {
  const t = apiFixture();
  let api: ReturnType<typeof http>;

  beforeEach(async () => {
    ({ api } = await t.trainer());
  });

  async function createPlan(body: Record<string, unknown> = {}): Promise<string> {
    const response = await api.post('/api/plans', {
      nome: 'Mensal 8',
      valor: 480,
      creditos: 8,
      ...body,
    });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  it('creates, lists with the value per credit, edits, archives and removes a plan', async () => {
    const id = await createPlan({ descricao: '2x por semana' });
    await createPlan({ nome: 'Avulso', valor: 90, creditos: 0 });
    await t.project();
    expect((await api.get('/api/plans')).json().items).toMatchObject([
      { nome: 'Avulso', valor: 90, creditos: 0, valorPorCredito: 0 },
      {
        id,
        nome: 'Mensal 8',
        descricao: '2x por semana',
        valor: 480,
        creditos: 8,
        valorPorCredito: 60,
        arquivado: false,
      },
    ]);

    expect(
      (await api.patch(`/api/plans/${id}`, { valor: 500.5, nome: 'Mensal 8x' })).statusCode,
    ).toBe(200);
    await t.project();
    expect((await api.get(`/api/plans/${id}`)).json()).toMatchObject({
      nome: 'Mensal 8x',
      valor: 500.5,
      valorPorCredito: 62.56,
    });

    expect((await api.patch(`/api/plans/${id}`, { arquivado: true })).statusCode).toBe(200);
    await t.project();
    expect(
      (await api.get('/api/plans')).json().items.map((plan: { id: string }) => plan.id),
    ).not.toContain(id);
    expect(
      (await api.get('/api/plans?arquivados=true'))
        .json()
        .items.map((plan: { id: string }) => plan.id),
    ).toContain(id);

    expect((await api.delete(`/api/plans/${id}`)).statusCode).toBe(200);
    await t.project();
    expect((await api.get(`/api/plans/${id}`)).statusCode).toBe(404);
  });

  it('bills a plan avulso by default, or monthly on a due day set on create and edit', async () => {
    const avulso = await createPlan();
    const mensal = await createPlan({ nome: 'Mensal', cobranca: { tipo: 'mensal' } });
    await t.project();
    expect((await api.get(`/api/plans/${avulso}`)).json().cobranca).toEqual({
      tipo: 'avulso',
      diaVencimento: 1,
    });
    expect((await api.get(`/api/plans/${mensal}`)).json().cobranca).toEqual({
      tipo: 'mensal',
      diaVencimento: 1,
    });
    expect(
      (await api.patch(`/api/plans/${avulso}`, { cobranca: { tipo: 'mensal', diaVencimento: 28 } }))
        .statusCode,
    ).toBe(200);
    await t.project();
    expect((await api.get(`/api/plans/${avulso}`)).json().cobranca).toEqual({
      tipo: 'mensal',
      diaVencimento: 28,
    });
  });

  it('refuses to remove a plan a student has (409 has_links), and a student cannot take a removed plan', async () => {
    const id = await createPlan();
    const student = await api.post('/api/students', { nome: 'Ana Souza', planoId: id });
    expect(student.statusCode).toBe(201);
    const refused = await api.delete(`/api/plans/${id}`);
    expectRefusal(
      refused,
      409,
      'has_links',
      'Não é possível remover o plano: possui vínculos (alunos). Use Arquivar para não oferecê-lo mais.',
    );

    // Once the student moves to no plan, the plan can go; a student then cannot take it.
    expect(
      (await api.patch(`/api/students/${student.json().id}`, { planoId: null })).statusCode,
    ).toBe(200);
    expect((await api.delete(`/api/plans/${id}`)).statusCode).toBe(200);
    const late = await api.post('/api/students', { nome: 'Bia Lima', planoId: id });
    expect(late.statusCode).toBe(404);
    expect(late.json().message).toBe('Plano não encontrado');
  });

  it('never leaves a student with a removed plan when removal and enrolment race', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await createPlan();
      const [removal, enrolment] = await Promise.all([
        api.delete(`/api/plans/${id}`),
        api.post('/api/students', { nome: `Aluno ${round}`, planoId: id }),
      ]);
      const outcomes = [removal.statusCode, enrolment.statusCode].sort();
      // Exactly one wins: removed and the student refused, or enrolled and the removal refused.
      expect([
        [200, 404],
        [201, 409],
      ]).toContainEqual(outcomes);
    }
  });

  it("treats another kind of entity's id (a student's) as an unknown plan", async () => {
    const student = (await api.post('/api/students', { nome: 'Gil Sousa' })).json().id;
    const before = await t.countEvents();
    for (const response of await Promise.all([
      api.patch(`/api/plans/${student}`, { nome: 'Plano' }),
      api.delete(`/api/plans/${student}`),
    ])) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Plano não encontrado');
    }
    expect(await t.countEvents()).toBe(before);
  });

  it('refuses bad input naming the field, in pt-BR, writing nothing', async () => {
    const before = await t.countEvents();
    const cases: [Record<string, unknown>, string][] = [
      [{ nome: 'A', valor: 10, creditos: 1 }, 'Nome deve ter pelo menos 2 caracteres'],
      [{ nome: 'Plano', valor: -1, creditos: 1 }, 'Valor deve ser maior que zero'],
      [
        { nome: 'Plano', valor: 10.123, creditos: 1 },
        'Valor deve ter no máximo duas casas decimais',
      ],
      [{ nome: 'Plano', valor: 1e308, creditos: 1 }, 'Valor muito alto'],
      [{ nome: 'Plano', valor: '10', creditos: 1 }, 'Valor deve ser um número'],
      [{ nome: 'Plano', valor: 10, creditos: -2 }, 'Créditos deve ser um número positivo'],
      [{ nome: 'Plano', valor: 10, creditos: 1.5 }, 'Créditos deve ser um número positivo'],
      [
        { nome: 'Plano', valor: 10, creditos: 1, cobranca: { tipo: 'semanal' } },
        "Cobrança inválida (use 'avulso' ou 'mensal')",
      ],
      [
        { nome: 'Plano', valor: 10, creditos: 1, cobranca: { tipo: 'mensal', diaVencimento: 29 } },
        'Dia do vencimento deve ser um número de 1 a 28',
      ],
      [
        { nome: 'Plano', valor: 10, creditos: 1, cobranca: { tipo: 'mensal', diaVencimento: 0 } },
        'Dia do vencimento deve ser um número de 1 a 28',
      ],
      [
        { nome: 'Plano', valor: 10, creditos: 1, extra: true },
        'Requisição inválida: campo(s) não permitido(s): extra',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await api.post('/api/plans', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, code: 'validation_error', message });
    }
    expect(await t.countEvents()).toBe(before);
  });

  it("answers 404 for another tenant's plan and 403 to a student, changing nothing", async () => {
    const id = await createPlan();
    await t.project();
    const { api: intruder } = await t.trainer();
    const before = await t.countEvents();
    for (const response of await Promise.all([
      intruder.get(`/api/plans/${id}`),
      intruder.patch(`/api/plans/${id}`, { nome: 'Roubado' }),
      intruder.delete(`/api/plans/${id}`),
      intruder.post('/api/students', { nome: 'Intruso', planoId: id }),
      intruder.get('/api/plans/not-a-uuid'),
    ])) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Plano não encontrado');
    }
    const student = t.as(await t.principal('aluno'));
    for (const response of await Promise.all([
      student.get('/api/plans'),
      student.post('/api/plans', { nome: 'Plano', valor: 1, creditos: 1 }),
      student.delete(`/api/plans/${id}`),
    ])) {
      expect(response.statusCode).toBe(403);
    }
    expect(await t.countEvents()).toBe(before);
  });
});
