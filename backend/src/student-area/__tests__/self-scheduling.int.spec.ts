import { http } from '../../../../test/support/api';
import { projectAll } from '../../../../test/support/projections';
import { newPrincipal, newStudent, newTrainer } from '../../../../test/support/accounts';
import { apiFixture } from '../../../../test/support/api-fixture';
import { addDays, zonedParts } from '../../contracts/shared/time';

const tomorrow = () => addDays(zonedParts(new Date(), 'America/Sao_Paulo').date, 1);

describe('student area: self-scheduling', () => {
  const testApp = apiFixture();

  async function trainerWithLocation() {
    const app = testApp.app;
    const trainer = await newTrainer(app);
    const location = await trainer.api.post('/api/locations', { nome: 'Academia Centro' });
    expect(location.statusCode).toBe(201);
    await projectAll(app);
    return { trainer, locationId: location.json().id as string };
  }

  const slotsOf = async (api: ReturnType<typeof http>, locationId: string) => {
    const answer = await api.get(`/api/student/slots?locationId=${locationId}&from=${tomorrow()}`);
    expect(answer.statusCode).toBe(200);
    return answer.json().items as { inicio: string; fim: string }[];
  };

  it('lists the locations and open slots, books with a credit, refuses without one, and the trainer sees the session', async () => {
    const app = testApp.app;
    const { trainer, locationId } = await trainerWithLocation();
    const student = await newStudent(app, trainer, 'Ana Souza');
    expect((await student.api.get('/api/student/locations')).json().items).toEqual([
      {
        id: locationId,
        nome: 'Academia Centro',
        endereco: null,
        politica: { cancelLimiteHoras: 24, taxaPercent: 0, queimaCredito: false },
      },
    ]);
    const slots = await slotsOf(student.api, locationId);
    expect(slots.length).toBeGreaterThan(2);

    const refused = await student.api.post('/api/student/bookings', { locationId, inicio: slots[0].inicio });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ statusCode: 409, code: 'no_credits', message: 'Aluno sem créditos disponíveis' });

    await trainer.api.post(`/api/students/${student.studentId}/credits`, { amount: 2, reason: 'Plano' });
    await projectAll(app);
    const booked = await student.api.post('/api/student/bookings', { locationId, inicio: slots[0].inicio });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ id: expect.any(String), inicio: slots[0].inicio, fim: slots[0].fim });
    await projectAll(app);
    expect((await slotsOf(student.api, locationId)).map((slot) => slot.inicio)).not.toContain(slots[0].inicio);
    const seen = (await trainer.api.get(`/api/sessions/${booked.json().id}`)).json();
    expect(seen).toMatchObject({ studentId: student.studentId, status: 'agendada', locationId });
    expect((await student.api.get('/api/student/me')).json().proximasSessoes).toEqual([
      expect.objectContaining({ id: booked.json().id, locationNome: 'Academia Centro', politica: expect.any(Object) }),
    ]);

    const bad = await student.api.post('/api/student/bookings', { locationId: 'x', inicio: 'ontem' });
    expect(bad.statusCode).toBe(400);
    const impossible = await student.api.post('/api/student/bookings', { locationId, inicio: '2027-02-30T09:00:00-03:00' });
    expect(impossible.json()).toMatchObject({
      statusCode: 400,
      message: 'Horário de início inválido (use data e hora com fuso, ISO 8601)',
    });
    // Another trainer's location is not one this student can see: 404, as an unknown one.
    const other = await trainerWithLocation();
    const theirs = await student.api.post('/api/student/bookings', { locationId: other.locationId, inicio: slots[1].inicio });
    expect(theirs.statusCode).toBe(404);
    expect((await student.api.get(`/api/student/slots?locationId=${locationId}&from=amanha`)).statusCode).toBe(400);
  });

  it('two students booking one slot at once: one 201, one 409 slot_taken', async () => {
    const app = testApp.app;
    const { trainer, locationId } = await trainerWithLocation();
    const first = await newStudent(app, trainer, 'Bia Lima');
    const second = await newStudent(app, trainer, 'Caio Reis');
    for (const student of [first, second])
      await trainer.api.post(`/api/students/${student.studentId}/credits`, { amount: 1, reason: 'Plano' });
    await projectAll(app);
    const [slot] = await slotsOf(first.api, locationId);
    const answers = await Promise.all(
      [first, second].map((student) => student.api.post('/api/student/bookings', { locationId, inicio: slot.inicio })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('slot_taken');
  });

  it('a booking reserves a credit: no more sessions agendadas than credits, even booked at once', async () => {
    const app = testApp.app;
    const { trainer, locationId } = await trainerWithLocation();
    const student = await newStudent(app, trainer, 'Fábio Melo');
    await trainer.api.post(`/api/students/${student.studentId}/credits`, { amount: 1, reason: 'Plano' });
    await projectAll(app);
    const slots = await slotsOf(student.api, locationId);
    const noCredit = { statusCode: 409, code: 'no_credits', message: 'Aluno sem créditos disponíveis' };

    // One credit, three different slots at the same instant: one booking.
    const answers = await Promise.all(
      slots.slice(0, 3).map((slot) => student.api.post('/api/student/bookings', { locationId, inicio: slot.inicio })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json()).toEqual(noCredit);
    await projectAll(app);
    expect((await student.api.get('/api/student/me')).json()).toMatchObject({ creditos: 1, creditosLivres: 0 });
    // And later, one after the other: the credit is still reserved.
    const later = await student.api.post('/api/student/bookings', { locationId, inicio: slots[4].inicio });
    expect([later.statusCode, later.json()]).toEqual([409, noCredit]);

    // Cancelled, the session frees its credit; another credit allows one more.
    const booked = answers.find((answer) => answer.statusCode === 201)!.json();
    expect((await student.api.post(`/api/student/sessions/${booked.id}/cancel`)).statusCode).toBe(200);
    expect((await student.api.post('/api/student/bookings', { locationId, inicio: slots[4].inicio })).statusCode).toBe(201);
    await trainer.api.post(`/api/students/${student.studentId}/credits`, { amount: 1, reason: 'Avulso' });
    expect((await student.api.post('/api/student/bookings', { locationId, inicio: slots[5].inicio })).statusCode).toBe(201);
    expect((await student.api.post('/api/student/bookings', { locationId, inicio: slots[6].inicio })).statusCode).toBe(409);
  });

  it("a session the trainer marked 'Realizada' ahead of time is not the student's to cancel: 409 in pt-BR, not listed, no credit or fee moved", async () => {
    const app = testApp.app;
    const { trainer, locationId } = await trainerWithLocation();
    await trainer.api.put(`/api/locations/${locationId}/policy`, {
      cancelLimiteHoras: 48,
      taxaPercent: 100,
      queimaCredito: true,
    });
    const plan = (await trainer.api.post('/api/plans', { nome: 'Pacote 4', valor: 120, creditos: 4 })).json();
    const student = await newStudent(app, trainer, 'Davi Rocha');
    await trainer.api.patch(`/api/students/${student.studentId}`, { planoId: plan.id });
    await trainer.api.post(`/api/students/${student.studentId}/credits`, { amount: 3, reason: 'Plano' });
    await projectAll(app);
    const [slot] = await slotsOf(student.api, locationId);
    const booked = (await student.api.post('/api/student/bookings', { locationId, inicio: slot.inicio })).json();
    expect((await trainer.api.patch(`/api/sessions/${booked.id}`, { status: 'feita' })).statusCode).toBe(200);
    await projectAll(app);
    const before = (await student.api.get('/api/student/me')).json();
    expect(before.proximasSessoes).toEqual([]);

    // Both at once, as from a page read before the trainer's change: the session stays done.
    const [cancelled, again] = await Promise.all([
      student.api.post(`/api/student/sessions/${booked.id}/cancel`),
      student.api.post(`/api/student/sessions/${booked.id}/cancel`),
    ]);
    for (const answer of [cancelled, again])
      expect(answer.json()).toEqual({
        statusCode: 409,
        code: 'not_cancellable',
        message: 'Esta sessão já foi realizada e não pode ser cancelada.',
      });
    await projectAll(app);
    expect((await trainer.api.get(`/api/sessions/${booked.id}`)).json().status).toBe('feita');
    const after = (await student.api.get('/api/student/me')).json();
    expect(after.creditos).toBe(before.creditos);
    expect(after.cobrancas).toEqual([]);
  });

  it('cancels their own session: early keeps the credit, late under a burning policy burns one; not another student’s', async () => {
    const app = testApp.app;
    const { trainer, locationId } = await trainerWithLocation();
    const student = await newStudent(app, trainer, 'Davi Rocha');
    const other = await newStudent(app, trainer, 'Eva Nunes');
    await trainer.api.post(`/api/students/${student.studentId}/credits`, { amount: 3, reason: 'Plano' });
    await projectAll(app);
    const slots = await slotsOf(student.api, locationId);
    const early = (await student.api.post('/api/student/bookings', { locationId, inicio: slots[0].inicio })).json();
    const late = (await student.api.post('/api/student/bookings', { locationId, inicio: slots[1].inicio })).json();

    // Another student's session is not found; a trainer is not a student.
    expect((await other.api.post(`/api/student/sessions/${early.id}/cancel`)).statusCode).toBe(404);
    expect((await trainer.api.post(`/api/student/sessions/${early.id}/cancel`)).statusCode).toBe(403);

    const kept = await student.api.post(`/api/student/sessions/${early.id}/cancel`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ id: early.id, creditoQueimado: false });
    expect((await student.api.post(`/api/student/sessions/${early.id}/cancel`)).json().code).toBe('not_cancellable');

    // Tomorrow's slot is within a 48-hour limit: cancelling burns a credit.
    expect(
      (await trainer.api.put(`/api/locations/${locationId}/policy`, { cancelLimiteHoras: 48, taxaPercent: 0, queimaCredito: true }))
        .statusCode,
    ).toBe(200);
    await projectAll(app);
    const burned = await student.api.post(`/api/student/sessions/${late.id}/cancel`);
    expect(burned.statusCode).toBe(200);
    expect(burned.json()).toMatchObject({ creditoQueimado: true });
    await projectAll(app);
    expect((await student.api.get('/api/student/me')).json()).toMatchObject({ creditos: 2, proximasSessoes: [] });
    expect((await trainer.api.get(`/api/sessions/${late.id}`)).json().status).toBe('cancelada');
  });

  it('roles: a trainer token on every student route is 403; a student token on trainer routes is 403', async () => {
    const app = testApp.app;
    const { trainer, locationId } = await trainerWithLocation();
    const student = await newStudent(app, trainer, 'Fábio Melo');
    const studentRoutes: [string, string][] = [
      ['GET', '/api/student/me'],
      ['GET', '/api/student/history'],
      ['GET', '/api/student/contracts'],
      ['GET', '/api/student/locations'],
      ['GET', `/api/student/slots?locationId=${locationId}`],
      ['POST', '/api/student/bookings'],
      ['POST', `/api/student/sessions/${locationId}/cancel`],
    ];
    for (const [method, url] of studentRoutes) {
      const answer = await app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${trainer.token}` } });
      expect([url, answer.statusCode]).toEqual([url, 403]);
    }
    const trainerRoutes: [string, string][] = [
      ['GET', '/api/students'],
      ['GET', `/api/students/${student.studentId}`],
      ['GET', `/api/students/${student.studentId}/history`],
      ['GET', '/api/sessions?from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z'],
      ['POST', '/api/sessions'],
      ['GET', '/api/locations'],
      ['PUT', `/api/locations/${locationId}/policy`],
      ['GET', '/api/plans'],
      ['GET', '/api/dashboard'],
      ['GET', '/api/transactions?month=2026-01'],
      ['GET', '/api/contracts'],
      ['POST', '/api/invites'],
    ];
    for (const [method, url] of trainerRoutes) {
      const answer = await app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${student.token}` } });
      expect([url, answer.statusCode]).toEqual([url, 403]);
    }
    // A student of another trainer reads nothing of this one.
    const stranger = await newStudent(app, await newTrainer(app, 'Outro Personal'), 'Gil Prado');
    expect((await stranger.api.get(`/api/student/slots?locationId=${locationId}`)).statusCode).toBe(404);
    const aluno = http(app, await newPrincipal(app, 'aluno'));
    expect((await aluno.get('/api/student/me')).statusCode).toBe(404);
  });
});
