import { apiFixture } from '../../../../test/support/api-fixture';
import { type Agenda, agendaOf } from './scheduling-test-kit';

/** `date` at `time` in São Paulo; 2030-06-03 is a Monday. */
const at = (time: string, date = '2030-06-03') => `${date}T${time}:00-03:00`;

describe("availability ('Configurar Horários') and vacations ('Modo Férias')", () => {
  const t = apiFixture();
  let agenda: Agenda;

  beforeEach(async () => {
    agenda = await agendaOf(t.app);
  });

  const availability = async () => {
    await agenda.project();
    return (await agenda.api.get('/api/availability')).json().items;
  };
  const rows = [
    { dayOfWeek: 1, startTime: '08:00', endTime: '12:00', isBlocked: false },
    { dayOfWeek: 1, startTime: '14:00', endTime: '18:00', isBlocked: false },
    { dayOfWeek: 3, startTime: '08:00', endTime: '18:00', isBlocked: true },
  ];

  it('saves every row at once; a refused save leaves the old rows; the same rows write nothing', async () => {
    expect(await availability()).toEqual([]);
    expect((await agenda.api.put('/api/availability', { items: rows })).statusCode).toBe(200);
    expect(await availability()).toEqual(rows);

    const before = await t.countEvents();
    const refused = await agenda.api.put('/api/availability', {
      items: [rows[0], { dayOfWeek: 2, startTime: '18:00', endTime: '08:00', isBlocked: false }],
    });
    expect(refused.json()).toEqual({
      statusCode: 400,
      code: 'validation_error',
      message: 'O horário de término deve ser depois do início',
    });
    for (const [items, message] of [
      [[{ ...rows[0], dayOfWeek: 7 }], 'Dia da semana inválido'],
      [[{ ...rows[0], startTime: '8h' }], 'Horário de início inválido (use HH:mm)'],
      [[{ ...rows[0], isBlocked: 'não' }], 'Bloqueado deve ser verdadeiro ou falso'],
      [Array(51).fill(rows[0]), 'No máximo 50 faixas de horário'],
    ] as const) {
      expect((await agenda.api.put('/api/availability', { items })).json().message).toBe(message);
    }
    expect((await agenda.api.put('/api/availability', { items: rows })).statusCode).toBe(200);
    expect(await t.countEvents()).toBe(before);
    expect(await availability()).toEqual(rows);

    expect((await agenda.api.put('/api/availability', { items: [] })).statusCode).toBe(200);
    expect(await availability()).toEqual([]);
  });

  it('warns when a session is booked or moved outside the hours, and books it anyway', async () => {
    const ana = await agenda.student();
    await agenda.api.put('/api/availability', { items: rows });
    const inside = await agenda.book({ studentId: ana, inicio: at('08:00'), fim: at('09:00') });
    expect(inside.json()).toEqual({ id: expect.any(String), position: expect.any(Number) });
    const lunch = await agenda.book({ studentId: ana, inicio: at('12:00'), fim: at('13:00') });
    expect(lunch.statusCode).toBe(201);
    expect(lunch.json()).toEqual({
      id: expect.any(String),
      position: expect.any(Number),
      warning: 'outside_availability',
    });
    const blockedDay = await agenda.book({
      studentId: ana,
      inicio: at('09:00', '2030-06-05'),
      fim: at('10:00', '2030-06-05'),
    });
    expect(blockedDay.json().warning).toBe('outside_availability');
    const moved = await agenda.change(inside.json().id, { inicio: at('18:00'), fim: at('19:00') });
    expect(moved.json().warning).toBe('outside_availability');
    // A change that does not move it warns of nothing.
    expect(
      (await agenda.change(inside.json().id, { observacoes: 'Ok' })).json().warning,
    ).toBeUndefined();
  });

  it('lists the active vacations by start; removal is soft and leaves the list', async () => {
    const vacations = async () => {
      await agenda.project();
      return (await agenda.api.get('/api/vacations')).json().items;
    };
    const later = await agenda.api.post('/api/vacations', {
      startDate: '2030-12-20',
      endDate: '2031-01-05',
      description: 'Fim de ano',
    });
    const sooner = await agenda.api.post('/api/vacations', {
      startDate: '2030-07-01',
      endDate: '2030-07-01',
      description: '  ',
    });
    expect([later.statusCode, sooner.statusCode]).toEqual([201, 201]);
    expect(await vacations()).toEqual([
      { id: sooner.json().id, startDate: '2030-07-01', endDate: '2030-07-01', description: null },
      {
        id: later.json().id,
        startDate: '2030-12-20',
        endDate: '2031-01-05',
        description: 'Fim de ano',
      },
    ]);
    expect((await agenda.api.delete(`/api/vacations/${sooner.json().id}`)).statusCode).toBe(200);
    expect((await vacations()).map((vacation: { id: string }) => vacation.id)).toEqual([
      later.json().id,
    ]);
    const again = await agenda.api.delete(`/api/vacations/${sooner.json().id}`);
    expect(again.json()).toEqual({
      statusCode: 404,
      code: 'not_found',
      message: 'Período não encontrado',
    });

    const before = await t.countEvents();
    for (const [body, message] of [
      [
        { startDate: '2030-07-10', endDate: '2030-07-01' },
        'A data de início deve ser anterior à data de término.',
      ],
      [{ startDate: '2030-07-10' }, 'Data de término inválida'],
      [
        { startDate: '10/07/2030', endDate: '2030-07-11' },
        'Data de início inválida (use AAAA-MM-DD)',
      ],
      [
        { startDate: '2030-07-10', endDate: '2030-07-11', description: 'x'.repeat(201) },
        'Descrição deve ter no máximo 200 caracteres',
      ],
    ] as const) {
      expect((await agenda.api.post('/api/vacations', body)).json()).toEqual({
        statusCode: 400,
        code: 'validation_error',
        message,
      });
    }
    // Another trainer's period is none of this one's.
    const { api: intruder } = await t.trainer();
    expect((await intruder.delete(`/api/vacations/${later.json().id}`)).statusCode).toBe(404);
    expect((await intruder.delete('/api/vacations/ferias')).statusCode).toBe(404);
    expect(await t.countEvents()).toBe(before);
  });
});
