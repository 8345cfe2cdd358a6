import { http } from '../../../../test/support/api';
import { apiFixture } from '../../../../test/support/api-fixture';
import type { FinanceSummary, Transaction, TransactionDetails } from '../../contracts/finance/api';

describe('transactions API', () => {
  const t = apiFixture();
  let api: ReturnType<typeof http>;

  beforeEach(async () => {
    ({ api } = await t.trainer());
  });

  const receita = {
    tipo: 'receita',
    valor: 350,
    data: '2026-03-10',
    descricao: 'Mensalidade Ana',
    metodoPagamento: 'pix',
  };

  async function record(body: Record<string, unknown>): Promise<string> {
    const response = await api.post('/api/transactions', body);
    if (response.statusCode !== 201) throw new Error(`${response.statusCode}: ${response.body}`);
    return response.json().id;
  }

  async function summary(month: string): Promise<FinanceSummary> {
    await t.project();
    const response = await api.get(`/api/finance/summary?month=${month}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  it("names who paid: two payments of one plan say each payer's name; an erased payer is 'Titular removido'", async () => {
    const carla = (await api.post('/api/students', { nome: 'Carla Dias' })).json().id as string;
    const davi = (await api.post('/api/students', { nome: 'Davi Rocha' })).json().id as string;
    const paid = { ...receita, descricao: 'Pagamento do plano Pacote 8 aulas' };
    const first = await record({ ...paid, studentId: carla });
    const second = await record({ ...paid, studentId: davi });
    const own = await record({ ...receita, descricao: 'Venda de camiseta' });
    await t.project();
    const payers = async () =>
      ((await api.get('/api/transactions?month=2026-03')).json().items as Transaction[]).map(
        (item) => [item.id, item.studentNome],
      );
    expect(await payers()).toEqual(
      expect.arrayContaining([
        [first, 'Carla Dias'],
        [second, 'Davi Rocha'],
        [own, null],
      ]),
    );
    expect((await api.get(`/api/transactions/${first}`)).json().studentNome).toBe('Carla Dias');

    expect(
      (await api.post(`/api/students/${carla}/erase`, { confirm: 'Carla Dias' })).statusCode,
    ).toBe(200);
    await t.project();
    expect(await payers()).toEqual(
      expect.arrayContaining([
        [first, 'Titular removido'],
        [second, 'Davi Rocha'],
      ]),
    );
  });

  it('records a receita split 20% reserva / 80% retirada and a despesa, lists them and sums the month', async () => {
    const id = await record(receita);
    await record({
      tipo: 'despesa',
      valor: 120.5,
      data: '2026-03-12',
      descricao: 'Aluguel do estúdio',
      metodoPagamento: 'cartao',
    });
    await record({ ...receita, data: '2026-04-01', descricao: 'Abril' });
    await t.project();

    const list = (await api.get('/api/transactions?month=2026-03')).json().items as Transaction[];
    expect(list).toMatchObject([
      { tipo: 'despesa', valor: 120.5, metodoPagamento: 'cartao_credito', status: 'ativa' },
      { id, tipo: 'receita', valor: 350, data: '2026-03-10', status: 'ativa' },
    ]);

    const details = (await api.get(`/api/transactions/${id}`)).json() as TransactionDetails;
    expect(details.allocations).toEqual([
      { tipo: 'reserva', valor: 70 },
      { tipo: 'retirada', valor: 280 },
    ]);

    expect(await summary('2026-03')).toMatchObject({
      recebido: 350,
      despesas: 120.5,
      lucro: 229.5,
      ticketMedio: 350,
      meta: 10000,
      aderencia: 3.5,
      reservaSugerida: 70,
      metaReserva: 1000,
      allocations: { imposto: 0, reserva: 70, operacional: 0, retirada: 280 },
    });
  });

  it('keeps a voided transaction in the history, out of every total; voids once', async () => {
    const id = await record(receita);
    await record({ ...receita, valor: 100, descricao: 'Avulso' });
    expect((await summary('2026-03')).recebido).toBe(450);

    const voided = await api.post(`/api/transactions/${id}/void`);
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ id, position: expect.any(Number) });
    const again = await api.post(`/api/transactions/${id}/void`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'already_voided',
      message: 'Esta transação já foi estornada',
    });

    const month = await summary('2026-03');
    expect(month).toMatchObject({ recebido: 100, ticketMedio: 100, reservaSugerida: 20 });
    expect(month.allocations.reserva).toBe(20);
    const list = (await api.get('/api/transactions?month=2026-03')).json().items as Transaction[];
    expect(list.find((item) => item.id === id)).toMatchObject({ status: 'estornada' });
  });

  it('sums receitas of 0.10 and 0.20 to exactly 0.30, and allocations always to the valor', async () => {
    await record({ ...receita, valor: 0.1 });
    await record({ ...receita, valor: 0.2 });
    const id = await record({ ...receita, valor: 0.01 });
    const month = await summary('2026-03');
    expect(month.recebido).toBe(0.31);
    const details = (await api.get(`/api/transactions/${id}`)).json() as TransactionDetails;
    expect(details.allocations).toEqual([{ tipo: 'retirada', valor: 0.01 }]);
  });

  it('takes the allocations given in the dialog when they sum to the valor', async () => {
    const id = await record({
      ...receita,
      valor: 100,
      allocations: [
        { tipo: 'imposto', valor: 6 },
        { tipo: 'reserva', valor: 30 },
        { tipo: 'operacional', valor: 14 },
        { tipo: 'retirada', valor: 50 },
      ],
    });
    await t.project();
    expect((await api.get(`/api/transactions/${id}`)).json().allocations).toEqual([
      { tipo: 'imposto', valor: 6 },
      { tipo: 'operacional', valor: 14 },
      { tipo: 'reserva', valor: 30 },
      { tipo: 'retirada', valor: 50 },
    ]);
  });

  it.each([
    [{ valor: -5 }, 'Valor deve ser maior que zero'],
    [{ valor: 0 }, 'Valor deve ser maior que zero'],
    [{ valor: 1e12 }, 'Valor muito alto'],
    [{ valor: 1e308 }, 'Valor muito alto'],
    [{ valor: 10.005 }, 'Valor deve ter no máximo duas casas decimais'],
    [{ valor: '10' }, 'Valor deve ser um número'],
    [{ data: '2025-02-30' }, 'Data inválida (use AAAA-MM-DD, de 1900 a 2199)'],
    [{ tipo: 'x' }, "Tipo inválido (use 'receita' ou 'despesa')"],
    [
      { metodoPagamento: 'boleto' },
      'Meio de pagamento inválido (use pix, cartao_credito ou dinheiro)',
    ],
    [{ descricao: '  ' }, 'Descrição é obrigatória'],
    [
      { allocations: [{ tipo: 'reserva', valor: 10 }] },
      'As alocações devem somar exatamente o valor da transação',
    ],
    [
      { tipo: 'despesa', allocations: [{ tipo: 'reserva', valor: 350 }] },
      'Só receitas têm alocações',
    ],
    [{ studentId: 'abc' }, 'Aluno inválido'],
  ])('refuses %j with a pt-BR 400 naming the field, writing nothing', async (change, message) => {
    const before = await t.countEvents();
    const response = await api.post('/api/transactions', { ...receita, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, message });
    expect(await t.countEvents()).toBe(before);
  });

  it("answers 404 for another tenant's transaction and student, and for a student that is not there", async () => {
    const id = await record(receita);
    const student = (await api.post('/api/students', { nome: 'Ana Souza' })).json().id as string;
    const { api: other } = await t.trainer();
    await t.project();
    for (const response of [
      await other.get(`/api/transactions/${id}`),
      await other.post(`/api/transactions/${id}/void`),
      await other.get('/api/transactions/not-a-uuid'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Transação não encontrada');
    }
    const before = await t.countEvents();
    const paidByStranger = await other.post('/api/transactions', {
      ...receita,
      studentId: student,
    });
    expect(paidByStranger.statusCode).toBe(404);
    expect(paidByStranger.json().message).toBe('Aluno não encontrado');
    expect(await t.countEvents()).toBe(before);
    expect((await other.get('/api/transactions?month=2026-03')).json().items).toEqual([]);
  });

  it('a student who paid cannot be removed (has_links), and counts once in the ticket médio', async () => {
    const student = (await api.post('/api/students', { nome: 'Ana Souza' })).json().id as string;
    await record({ ...receita, valor: 200, studentId: student });
    await record({ ...receita, valor: 100, studentId: student });
    await record({ ...receita, valor: 60 });
    expect((await summary('2026-03')).ticketMedio).toBe(180);
    const removal = await api.delete(`/api/students/${student}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().code).toBe('has_links');
  });

  it("shows a student's payments and their void in the student's history, credits unmoved", async () => {
    const student = (await api.post('/api/students', { nome: 'Ana Souza' })).json().id as string;
    await api.post(`/api/students/${student}/credits`, { amount: 8, reason: 'Plano mensal' });
    const id = await record({ ...receita, studentId: student });
    await api.post(`/api/transactions/${id}/void`);
    await record({ ...receita, tipo: 'despesa', studentId: student, descricao: 'Reembolso' });
    await t.project();
    const history = (await api.get(`/api/students/${student}/history`)).json().items;
    expect(
      history.map(
        ({ type, amount, valor, balanceAfter, reason, transactionId }: Record<string, unknown>) => ({
          type,
          amount,
          valor,
          balanceAfter,
          reason,
          transactionId,
        }),
      ),
    ).toEqual([
      {
        type: 'CreditsGranted',
        amount: 8,
        valor: null,
        balanceAfter: 8,
        reason: 'Plano mensal',
        transactionId: null,
      },
      {
        type: 'PaymentReceived',
        amount: 0,
        valor: 350,
        balanceAfter: 8,
        reason: 'Mensalidade Ana: R$\u00a0350,00 (PIX)',
        transactionId: id,
      },
      {
        type: 'PaymentVoided',
        amount: 0,
        valor: -350,
        balanceAfter: 8,
        reason: 'Mensalidade Ana: R$\u00a0350,00 (PIX)',
        transactionId: id,
      },
    ]);
  });

  it('exports the month as CSV', async () => {
    await record({ ...receita, descricao: 'Mensalidade; Ana' });
    const id = await record({
      ...receita,
      tipo: 'despesa',
      valor: 10.5,
      descricao: 'Água',
      metodoPagamento: 'dinheiro',
    });
    await api.post(`/api/transactions/${id}/void`);
    await t.project();
    const response = await api.get('/api/transactions.csv?month=2026-03');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('transacoes-2026-03.csv');
    expect(response.body.replace('\uFEFF', '').split('\r\n')).toEqual([
      'Data;Tipo;Descrição;Meio;Valor;Situação',
      '10/03/2026;Despesa;Água;Dinheiro;10,50;Estornada',
      '10/03/2026;Receita;"Mensalidade; Ana";PIX;350,00;Ativa',
      '',
    ]);
  });

  it('refuses a bad month with a 400 naming it', async () => {
    for (const url of [
      '/api/transactions?month=2026-13',
      '/api/finance/summary?month=março',
      '/api/finance/series?months=0',
    ]) {
      const response = await api.get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/Mês inválido|Quantidade de meses/);
    }
  });

  it('refuses months and dates of years outside 1900–2199 with a 400 naming them, never a 500', async () => {
    for (const month of ['0000-01', '1899-12', '2200-01', '9999-12']) {
      for (const url of [
        `/api/transactions?month=${month}`,
        `/api/transactions.csv?month=${month}`,
        `/api/finance/summary?month=${month}`,
        `/api/finance/series?until=${month}`,
      ]) {
        const response = await api.get(url);
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 400,
          body: {
            statusCode: 400,
            code: 'validation_error',
            message: 'Mês inválido (use AAAA-MM, de 1900 a 2199)',
          },
        });
      }
    }
    const before = await t.countEvents();
    for (const data of ['0000-01-01', '0099-12-31', '1899-12-31', '2200-01-01', '9999-12-31']) {
      const response = await api.post('/api/transactions', { ...receita, data });
      expect({ data, status: response.statusCode, message: response.json().message }).toEqual({
        data,
        status: 400,
        message: 'Data inválida (use AAAA-MM-DD, de 1900 a 2199)',
      });
    }
    expect(await t.countEvents()).toBe(before);
  });

  it('saves goals (aderência follows), keeps the rule, and refuses a bad zone or rule', async () => {
    expect((await api.get('/api/settings/goals')).json()).toEqual({
      metaMensal: 0,
      metaSeisMeses: 0,
      metaTrimestral: 0,
      metaAnual: 0,
      moeda: 'BRL',
      fusoHorario: 'America/Sao_Paulo',
      alocacao: { imposto: 0, reserva: 20, operacional: 0, retirada: 80 },
    });
    await record({ ...receita, valor: 1000 });
    expect((await summary('2026-03')).aderencia).toBe(10);

    const saved = await api.put('/api/settings/goals', {
      metaMensal: 4000,
      metaTrimestral: 12000,
      metaAnual: 48000,
      moeda: 'BRL',
      fusoHorario: 'America/Manaus',
      alocacao: { imposto: 6, reserva: 24, operacional: 10, retirada: 60 },
    });
    expect(saved.statusCode).toBe(200);
    expect((await summary('2026-03')).aderencia).toBe(25);
    expect((await summary('2026-03')).meta).toBe(4000);

    const id = await record({ ...receita, valor: 33.33 });
    await t.project();
    expect((await api.get(`/api/transactions/${id}`)).json().allocations).toEqual([
      { tipo: 'imposto', valor: 2 },
      { tipo: 'operacional', valor: 3.33 },
      { tipo: 'reserva', valor: 8 },
      { tipo: 'retirada', valor: 20 },
    ]);

    expect(
      (await api.put('/api/settings/goals', { metaMensal: 1, metaTrimestral: 0, metaAnual: 0 }))
        .statusCode,
    ).toBe(200);
    await t.project();
    expect((await api.get('/api/settings/goals')).json()).toMatchObject({
      metaMensal: 1,
      fusoHorario: 'America/Sao_Paulo',
      alocacao: { imposto: 6, reserva: 24, operacional: 10, retirada: 60 },
    });

    for (const [body, message] of [
      [{ metaMensal: -1, metaTrimestral: 0, metaAnual: 0 }, 'Meta mensal deve ser zero ou mais'],
      [{ metaMensal: 1e12, metaTrimestral: 0, metaAnual: 0 }, 'Meta mensal muito alta'],
      [{ metaMensal: 0, metaTrimestral: 1e12, metaAnual: 0 }, 'Meta trimestral muito alta'],
      [{ metaMensal: 0, metaTrimestral: 0, metaAnual: 1e12 }, 'Meta anual muito alta'],
      [
        { metaMensal: 0, metaSeisMeses: -1, metaTrimestral: 0, metaAnual: 0 },
        'Meta em 6 meses deve ser zero ou mais',
      ],
      [
        { metaMensal: 0, metaTrimestral: 0, metaAnual: 0, fusoHorario: 'Marte/Base' },
        'Fuso horário inválido',
      ],
      [
        {
          metaMensal: 0,
          metaTrimestral: 0,
          metaAnual: 0,
          alocacao: { imposto: 0, reserva: 50, operacional: 0, retirada: 40 },
        },
        'As porcentagens das alocações devem somar 100%',
      ],
    ] as const) {
      const response = await api.put('/api/settings/goals', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('answers a 12-month series of previsto and recebido, oldest first', async () => {
    await record({ ...receita, data: '2026-01-15', valor: 100 });
    await record({ ...receita, data: '2026-03-15', valor: 300 });
    await t.project();
    const response = await api.get('/api/finance/series?months=3&until=2026-03');
    expect(response.json().items).toEqual([
      { month: '2026-01', previsto: 0, recebido: 100 },
      { month: '2026-02', previsto: 0, recebido: 0 },
      { month: '2026-03', previsto: 0, recebido: 300 },
    ]);
    expect((await api.get('/api/finance/series')).json().items).toHaveLength(12);
  });
});
