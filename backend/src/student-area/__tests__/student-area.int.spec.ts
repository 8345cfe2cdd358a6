import { projectAll } from '../../../../test/support/projections';
import { newStudent, newTrainer } from '../../../../test/support/accounts';
import { apiFixture } from '../../../../test/support/api-fixture';

const HOUR = 3_600_000;

describe('student area: the next sessions and the trainer', () => {
  const testApp = apiFixture();

  it('shows up to 5 future agendada sessions of the student only, by start, with the location', async () => {
    const app = testApp.app;
    const trainer = await newTrainer(app);
    const student = await newStudent(app, trainer, 'Ana Souza');
    const other = await newStudent(app, trainer, 'Bruno Lima');
    const location = await trainer.api.post('/api/locations', { nome: 'Academia Centro', endereco: 'Rua A, 1' });
    expect(location.statusCode).toBe(201);
    const locationId = location.json().id as string;
    await projectAll(app);

    // Whole hours a few days ahead, each on its own hour: no conflicts between them.
    const base = Math.ceil(Date.now() / HOUR) * HOUR + 48 * HOUR;
    const book = async (studentId: string, offsetHours: number) => {
      const inicio = new Date(base + offsetHours * HOUR);
      const answer = await trainer.api.post('/api/sessions', {
        studentId,
        locationId,
        inicio: inicio.toISOString(),
        fim: new Date(inicio.getTime() + HOUR).toISOString(),
        allowOverlap: true,
      });
      expect(answer.statusCode).toBe(201);
      return answer.json().id as string;
    };
    const ids: string[] = [];
    for (const offset of [6, 1, 3, 2, 5, 4]) ids.push(await book(student.studentId, offset));
    const cancelled = await book(student.studentId, 0);
    await book(other.studentId, -1);
    const past = await trainer.api.post('/api/sessions', {
      studentId: student.studentId,
      inicio: new Date(Date.now() - 5 * HOUR).toISOString(),
      fim: new Date(Date.now() - 4 * HOUR).toISOString(),
      allowOverlap: true,
    });
    expect(past.statusCode).toBe(201);
    expect((await trainer.api.patch(`/api/sessions/${cancelled}`, { status: 'cancelada' })).statusCode).toBe(200);
    await projectAll(app);

    const me = (await student.api.get('/api/student/me')).json();
    const starts = me.proximasSessoes.map((session: { inicio: string }) => new Date(session.inicio).getTime());
    expect(starts).toEqual([1, 2, 3, 4, 5].map((offset) => base + offset * HOUR));
    expect(me.proximasSessoes[0]).toEqual({
      id: ids[1],
      inicio: new Date(base + HOUR).toISOString(),
      fim: new Date(base + 2 * HOUR).toISOString(),
      locationId,
      locationNome: 'Academia Centro',
      politica: { cancelLimiteHoras: 24, taxaPercent: 0, queimaCredito: false },
    });
    expect(me.trainer).toMatchObject({ nome: trainer.nome, telefone: expect.stringMatching(/^\d{10,11}$/) });
    expect((await other.api.get('/api/student/me')).json().proximasSessoes).toHaveLength(1);
  });

  it("answers 404 'Aluno não encontrado' to a student whose record the trainer removed, as to an account of no student", async () => {
    const app = testApp.app;
    const trainer = await newTrainer(app);
    const student = await newStudent(app, trainer, 'Rita Moraes');
    await projectAll(app);
    expect((await student.api.get('/api/student/me')).statusCode).toBe(200);

    expect((await trainer.api.delete(`/api/students/${student.studentId}`)).statusCode).toBe(200);
    await projectAll(app);
    for (const url of ['/api/student/me', '/api/student/history', '/api/student/export', '/api/student/locations']) {
      const answer = await student.api.get(url);
      expect([url, answer.statusCode, answer.json().message]).toEqual([url, 404, 'Aluno não encontrado']);
    }
    const signed = await student.api.post(`/api/contracts/${student.studentId}/sign`, {
      cpf: '529.982.247-25',
      telefone: '(11) 98765-4321',
      consentDataProcessing: true,
      consentTerms: true,
    });
    expect([signed.statusCode, signed.json().message]).toEqual([404, 'Aluno não encontrado']);
  });

  it('lists what the student has to pay, with its Pix Copia e Cola, until it is paid', async () => {
    const app = testApp.app;
    const trainer = await newTrainer(app);
    const student = await newStudent(app, trainer, 'Carla Dias');
    const other = await newStudent(app, trainer, 'Davi Reis');
    const pix = await trainer.api.put('/api/settings/pix', {
      chave: 'carla.personal@exemplo.com.br',
      nomeRecebedor: 'Personal Teste',
      cidade: 'Sao Paulo',
    });
    expect(pix.statusCode).toBe(200);
    const plan = await trainer.api.post('/api/plans', { nome: 'Mensal 8', valor: 389.9, creditos: 8 });
    expect(plan.statusCode).toBe(201);
    const charge = await trainer.api.post('/api/charges', { studentId: student.studentId, planId: plan.json().id });
    expect(charge.statusCode).toBe(201);
    await projectAll(app);

    const me = (await student.api.get('/api/student/me')).json();
    expect(me.cobrancas).toEqual([
      {
        id: charge.json().id,
        descricao: 'Mensal 8',
        valor: 389.9,
        brCode: charge.json().brCode,
        pagamento: 'pix',
        vencimento: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        diasEmAtraso: 0,
      },
    ]);
    expect((await other.api.get('/api/student/me')).json().cobrancas).toEqual([]);

    expect((await trainer.api.post(`/api/charges/${charge.json().id}/confirm`, {})).statusCode).toBe(200);
    await projectAll(app);
    expect((await student.api.get('/api/student/me')).json().cobrancas).toEqual([]);
  });
});
