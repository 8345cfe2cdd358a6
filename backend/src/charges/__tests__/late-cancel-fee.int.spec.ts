import { apiFixture } from '../../../../test/support/api-fixture';
import {
  type Charge,
  LATE_CANCEL_FEE_LABEL,
  LATE_CANCEL_UNDONE_MOTIVO,
} from '../../contracts/charges/api';
import type { Transaction } from '../../contracts/finance/api';
import { addDays, zonedParts } from '../../contracts/shared/time';

const today = () => zonedParts(new Date(), 'America/Sao_Paulo').date;
const tomorrow = () => addDays(today(), 1);

describe('the late-cancel fee becomes a charge', () => {
  const t = apiFixture();

  /** A trainer with PIX, a location whose policy charges 50% within 48 h, a plan of 4 credits for R$ 200. */
  async function setting(
    policy = { cancelLimiteHoras: 48, taxaPercent: 50, queimaCredito: false },
  ) {
    const trainer = await t.signUp();
    await trainer.api.put('/api/settings/pix', {
      chave: 'ana@exemplo.com',
      nomeRecebedor: 'Ana',
      cidade: 'Recife',
    });
    const location = (await trainer.api.post('/api/locations', { nome: 'Academia Centro' })).json();
    expect((await trainer.api.put(`/api/locations/${location.id}/policy`, policy)).statusCode).toBe(
      200,
    );
    const plan = (
      await trainer.api.post('/api/plans', { nome: 'Pacote 4', valor: 200, creditos: 4 })
    ).json();
    const student = await t.student(trainer, 'Bia Lima');
    expect(
      (await trainer.api.patch(`/api/students/${student.studentId}`, { planoId: plan.id }))
        .statusCode,
    ).toBe(200);
    await trainer.api.post(`/api/students/${student.studentId}/credits`, {
      amount: 2,
      reason: 'Plano',
    });
    await t.project();
    return { trainer, student, locationId: location.id as string, planId: plan.id as string };
  }

  const book = async (
    api: {
      post: (
        url: string,
        body?: unknown,
      ) => Promise<{ statusCode: number; json: () => { id: string } }>;
    },
    studentId: string,
    locationId: string,
    hour: string,
  ) => {
    const inicio = new Date(`${tomorrow()}T${hour}:00-03:00`).toISOString();
    const fim = new Date(new Date(inicio).getTime() + 3_600_000).toISOString();
    const booked = await api.post('/api/sessions', { studentId, locationId, inicio, fim });
    expect(booked.statusCode).toBe(201);
    return booked.json().id;
  };

  const feesOf = async (api: {
    get: (url: string) => Promise<{ json: () => { items: Charge[] } }>;
  }) =>
    (await api.get('/api/charges?status=pendente'))
      .json()
      .items.filter((charge) => charge.origem === 'taxa');

  it('a late cancel by the trainer and one by the student each make one pending fee (50% of the credit value), listed with the student', async () => {
    const { trainer, student, locationId, planId } = await setting();
    const byTrainer = await book(trainer.api, student.studentId, locationId, '09:00');
    const byStudent = await book(trainer.api, student.studentId, locationId, '11:00');
    await t.project();

    expect(
      (await trainer.api.patch(`/api/sessions/${byTrainer}`, { status: 'cancelada' })).statusCode,
    ).toBe(200);
    expect((await student.api.post(`/api/student/sessions/${byStudent}/cancel`)).statusCode).toBe(
      200,
    );
    await t.project();
    // The worker replays a batch: nothing is charged twice.
    await t.project();

    const fees = await feesOf(trainer.api);
    expect(fees).toHaveLength(2);
    for (const fee of fees)
      expect(fee).toMatchObject({
        studentId: student.studentId,
        planId,
        valor: 25,
        creditos: 0,
        status: 'pendente',
        vencimento: addDays(today(), 7),
      });
    expect(fees.map((fee) => fee.sessionId).sort()).toEqual([byTrainer, byStudent].sort());
    const ofStudent = (await trainer.api.get(`/api/charges?studentId=${student.studentId}`)).json()
      .items as Charge[];
    expect(ofStudent.filter((charge) => charge.origem === 'taxa')).toHaveLength(2);
    expect((await trainer.api.get('/api/charges/summary')).json().pendente).toEqual({
      quantidade: 2,
      total: 50,
    });

    // Paid, a fee is a receita 'Taxa de cancelamento' and grants no credit.
    expect((await trainer.api.post(`/api/charges/${fees[0].id}/confirm`)).statusCode).toBe(200);
    await t.project();
    const month = today().slice(0, 7);
    const receitas = (await trainer.api.get(`/api/transactions?month=${month}`)).json()
      .items as Transaction[];
    expect(receitas.filter((item) => item.referenciaId === fees[0].id)).toEqual([
      expect.objectContaining({ valor: 25, descricao: LATE_CANCEL_FEE_LABEL }),
    ]);
    expect((await trainer.api.get(`/api/students/${student.studentId}`)).json().creditos).toBe(2);
  });

  it('a session moved over another (allowOverlap) and cancelled late makes its fee too', async () => {
    const { trainer, student, locationId } = await setting();
    const first = await book(trainer.api, student.studentId, locationId, '09:00');
    const moved = await book(trainer.api, student.studentId, locationId, '11:00');
    await t.project();
    const inicio = new Date(`${tomorrow()}T09:30:00-03:00`).toISOString();
    const fim = new Date(new Date(inicio).getTime() + 3_600_000).toISOString();
    expect(
      (await trainer.api.patch(`/api/sessions/${moved}`, { inicio, fim, allowOverlap: true }))
        .statusCode,
    ).toBe(200);
    await t.project();
    expect(
      (await trainer.api.patch(`/api/sessions/${moved}`, { status: 'cancelada' })).statusCode,
    ).toBe(200);
    await t.project();
    expect((await feesOf(trainer.api)).map((fee) => fee.sessionId)).toEqual([moved]);
    expect(first).toBeDefined();
  });

  it("undoing a late cancel ('Agendada' again) cancels its fee: gone from pending, 'A receber' and the student's charges; a replay changes nothing", async () => {
    const { trainer, student, locationId } = await setting();
    const session = await book(trainer.api, student.studentId, locationId, '10:00');
    await trainer.api.patch(`/api/sessions/${session}`, { status: 'cancelada' });
    await t.project();
    const [fee] = await feesOf(trainer.api);
    expect(fee).toMatchObject({ sessionId: session, valor: 25 });

    expect(
      (await trainer.api.patch(`/api/sessions/${session}`, { status: 'agendada' })).statusCode,
    ).toBe(200);
    await t.project();
    await t.project();
    expect(await feesOf(trainer.api)).toEqual([]);
    expect((await trainer.api.get(`/api/charges/${fee.id}`)).json()).toMatchObject({
      status: 'cancelada',
      motivo: LATE_CANCEL_UNDONE_MOTIVO,
    });
    expect((await trainer.api.get('/api/charges/summary')).json().pendente).toEqual({
      quantidade: 0,
      total: 0,
    });
    const pendingOfStudent = (await student.api.get('/api/student/me')).json().cobrancas;
    expect(pendingOfStudent).toEqual([]);

    // Cancelled late again: a new fee, which stays.
    await trainer.api.patch(`/api/sessions/${session}`, { status: 'cancelada' });
    await t.project();
    const again = await feesOf(trainer.api);
    expect(again).toHaveLength(1);
    expect(again[0].id).not.toBe(fee.id);
  });

  it('the trainer waives a fee with a reason; an early cancel or a policy without fee charges nothing', async () => {
    const { trainer, student, locationId } = await setting();
    const late = await book(trainer.api, student.studentId, locationId, '08:00');
    await trainer.api.patch(`/api/sessions/${late}`, { status: 'cancelada' });
    await t.project();
    const [fee] = await feesOf(trainer.api);
    const waived = await trainer.api.post(`/api/charges/${fee.id}/cancel`, {
      motivo: 'Aluno avisou com atestado',
    });
    expect(waived.statusCode).toBe(200);
    await t.project();
    expect((await trainer.api.get(`/api/charges/${fee.id}`)).json()).toMatchObject({
      status: 'cancelada',
      motivo: 'Aluno avisou com atestado',
    });
    const tooLong = await trainer.api.post(`/api/charges/${fee.id}/cancel`, {
      motivo: 'x'.repeat(201),
    });
    expect(tooLong.statusCode).toBe(400);

    // No fee in the policy: nothing.
    await trainer.api.put(`/api/locations/${locationId}/policy`, {
      cancelLimiteHoras: 48,
      taxaPercent: 0,
      queimaCredito: false,
    });
    await t.project();
    const free = await book(trainer.api, student.studentId, locationId, '15:00');
    await trainer.api.patch(`/api/sessions/${free}`, { status: 'cancelada' });
    // Outside the limit: nothing either.
    await trainer.api.put(`/api/locations/${locationId}/policy`, {
      cancelLimiteHoras: 1,
      taxaPercent: 50,
      queimaCredito: false,
    });
    await t.project();
    const early = await book(trainer.api, student.studentId, locationId, '17:00');
    await trainer.api.patch(`/api/sessions/${early}`, { status: 'cancelada' });
    await t.project();
    expect(await feesOf(trainer.api)).toEqual([]);
  });
});
