import { apiFixture } from '../../../../test/support/api-fixture';
import { monthRange } from '../../contracts/shared/time';
import type { Session } from '../../contracts/scheduling/api';
import { type Agenda, agendaOf, hoursFromNow } from './scheduling-test-kit';
import { expectRefusal } from '../../../../test/support/api';

const SP = 'America/Sao_Paulo';
/** Monday 4 March 2030, in São Paulo (UTC-3 all year). */
const at = (time: string, date = '2030-03-04') => `${date}T${time}:00-03:00`;
const iso = (time: string, date = '2030-03-04') => new Date(at(time, date)).toISOString();

describe('sessions API', () => {
  const t = apiFixture();
  let agenda: Agenda;

  beforeEach(async () => {
    agenda = await agendaOf(t.app);
  });

  it('books sessions and lists those starting in the period, by start, with the names', async () => {
    const ana = await agenda.student('Ana Souza');
    const bia = await agenda.student('Bia Lima');
    const academia = await agenda.location('Academia Centro');
    const late = await agenda.booked({
      studentId: bia,
      inicio: at('18:00'),
      fim: at('19:00'),
      observacoes: '  Trazer elástico  ',
    });
    const early = await agenda.booked({
      studentId: ana,
      locationId: academia,
      inicio: at('07:00'),
      fim: at('08:00'),
    });
    // The next day's first session: outside a period that ends at midnight in São Paulo.
    await agenda.booked({
      studentId: ana,
      inicio: at('00:00', '2030-03-05'),
      fim: at('00:45', '2030-03-05'),
    });

    const day = await agenda.sessions(at('00:00'), at('00:00', '2030-03-05'));
    expect(day).toEqual([
      {
        id: early,
        studentId: ana,
        studentNome: 'Ana Souza',
        locationId: academia,
        locationNome: 'Academia Centro',
        inicio: iso('07:00'),
        fim: iso('08:00'),
        status: 'agendada',
        confirmado: true,
        nomeInformado: null,
        observacoes: null,
        seriesId: null,
        confirmadoPeloAluno: false,
        remarcarPedido: false,
        lembrete: null,
      },
      {
        id: late,
        studentId: bia,
        studentNome: 'Bia Lima',
        locationId: null,
        locationNome: null,
        inicio: iso('18:00'),
        fim: iso('19:00'),
        status: 'agendada',
        confirmado: true,
        nomeInformado: null,
        observacoes: 'Trazer elástico',
        seriesId: null,
        confirmadoPeloAluno: false,
        remarcarPedido: false,
        lembrete: null,
      },
    ]);
    expect(await agenda.session(late)).toEqual(day[1]);

    // A renamed student shows with the new name.
    await agenda.api.patch(`/api/students/${ana}`, { nome: 'Ana Souza Lima' });
    expect((await agenda.session(early)).studentNome).toBe('Ana Souza Lima');
  });

  it('lists a month cut at midnight in São Paulo, around the month edges', async () => {
    const ana = await agenda.student();
    const book = (inicio: string, minutes = 30) =>
      agenda.booked({
        studentId: ana,
        inicio,
        fim: new Date(Date.parse(inicio) + minutes * 60_000).toISOString(),
      });
    await book(at('23:30', '2030-02-28')); // 02:30 UTC on 1 March: still February in São Paulo
    const first = await book(at('00:15', '2030-03-01'));
    const last = await book(at('23:15', '2030-03-31')); // 02:15 UTC on 1 April
    await book(at('00:00', '2030-04-01'));
    const { from, to } = monthRange('2030-03', SP);
    const march = await agenda.sessions(from.toISOString(), to.toISOString());
    expect(march.map((session) => session.id)).toEqual([first, last]);
  });

  it("lists a student's sessions from now on (by start) and before (latest first), cancelled ones too; another tenant's student: 404", async () => {
    const ana = await agenda.student('Ana Souza');
    const bia = await agenda.student('Bia Lima');
    const academia = await agenda.location('Academia Centro');
    const book = (studentId: string, hours: number) =>
      agenda.booked({
        studentId,
        locationId: academia,
        inicio: hoursFromNow(hours),
        fim: hoursFromNow(hours + 1),
      });
    const lastWeek = await book(ana, -24 * 7);
    const yesterday = await book(ana, -24);
    const tomorrow = await book(ana, 24);
    const nextWeek = await book(ana, 24 * 7);
    await book(bia, 48);
    expect((await agenda.change(lastWeek, { status: 'feita' })).statusCode).toBe(200);
    expect((await agenda.change(nextWeek, { status: 'cancelada' })).statusCode).toBe(200);
    await agenda.project();

    const answer = await agenda.api.get(`/api/students/${ana}/sessions`);
    expect(answer.statusCode).toBe(200);
    const { proximas, anteriores } = answer.json() as Record<string, Session[]>;
    expect(proximas.map((session) => [session.id, session.status])).toEqual([
      [tomorrow, 'agendada'],
      [nextWeek, 'cancelada'],
    ]);
    expect(anteriores.map((session) => [session.id, session.status])).toEqual([
      [yesterday, 'agendada'],
      [lastWeek, 'feita'],
    ]);
    expect(proximas[0]).toMatchObject({
      studentNome: 'Ana Souza',
      locationNome: 'Academia Centro',
    });

    const other = await agendaOf(t.app);
    for (const id of [ana, 'x', '0190f0e0-0000-7000-8000-0000000000a1'])
      expect((await other.api.get(`/api/students/${id}/sessions`)).json()).toEqual({
        statusCode: 404,
        code: 'not_found',
        message: 'Aluno não encontrado',
      });
  });

  it('refuses an end not after the start (400 invalid_range), on booking and on change', async () => {
    const ana = await agenda.student();
    const id = await agenda.booked({ studentId: ana, inicio: at('10:00'), fim: at('11:00') });
    await agenda.project();
    const before = await t.countEvents();
    const invalidRange = {
      statusCode: 400,
      code: 'invalid_range',
      message: 'O horário de término deve ser depois do início',
    };
    for (const response of [
      await agenda.book({ studentId: ana, inicio: at('12:00'), fim: at('12:00') }),
      await agenda.book({ studentId: ana, inicio: at('12:00'), fim: at('11:00') }),
      await agenda.change(id, { fim: at('09:00') }),
      await agenda.change(id, { inicio: at('11:30') }),
      await agenda.change(id, { inicio: at('14:00'), fim: at('13:00') }),
    ]) {
      expect(response.json()).toEqual(invalidRange);
    }
    expect(await t.countEvents()).toBe(before);
  });

  it("answers 404 for a student or a location that is not the trainer's, writing nothing", async () => {
    const other = await agendaOf(t.app);
    const theirs = await other.student('Aluna de outro');
    const theirPlace = await other.location('Local de outro');
    const ana = await agenda.student();
    const id = await agenda.booked({ studentId: ana, inicio: at('10:00'), fim: at('11:00') });
    await agenda.project();
    const before = await t.countEvents();
    const missingStudent = { statusCode: 404, code: 'not_found', message: 'Aluno não encontrado' };
    const missingLocation = { statusCode: 404, code: 'not_found', message: 'Local não encontrado' };
    const answers = [
      await agenda.book({ studentId: theirs, inicio: at('12:00'), fim: at('13:00') }),
      await agenda.book({
        studentId: ana,
        locationId: theirPlace,
        inicio: at('12:00'),
        fim: at('13:00'),
      }),
      await agenda.book({
        studentId: ana,
        locationId: '0190f0e0-0000-7000-8000-00000000f022',
        inicio: at('12:00'),
        fim: at('13:00'),
        repeat: { weeks: 3 },
      }),
      await agenda.change(id, { studentId: theirs }),
      await agenda.change(id, { locationId: theirPlace }),
    ];
    expect(answers.map((answer) => answer.json())).toEqual([
      missingStudent,
      missingLocation,
      missingLocation,
      missingStudent,
      missingLocation,
    ]);
    expect(await t.countEvents()).toBe(before);
  });

  describe('the schedule guard', () => {
    let ana: string;
    let bia: string;
    beforeEach(async () => {
      ana = await agenda.student('Ana Souza');
      bia = await agenda.student('Bia Lima');
    });

    it('refuses an overlap with another session of the trainer, at any location', async () => {
      const [academia, estudio] = [
        await agenda.location('Academia'),
        await agenda.location('Estúdio'),
      ];
      await agenda.booked({
        studentId: ana,
        locationId: academia,
        inicio: at('10:00'),
        fim: at('11:00'),
      });
      const clash = await agenda.book({
        studentId: bia,
        locationId: estudio,
        inicio: at('10:30'),
        fim: at('11:30'),
      });
      expectRefusal(clash, 409, 'schedule_conflict', 'Conflito de horário com Ana Souza');
      // Back to back is no overlap.
      expect(
        (await agenda.book({ studentId: bia, inicio: at('11:00'), fim: at('12:00') })).statusCode,
      ).toBe(201);
      expect(
        (await agenda.book({ studentId: bia, inicio: at('09:00'), fim: at('10:00') })).statusCode,
      ).toBe(201);
      // Inside it, around it.
      for (const [inicio, fim] of [
        ['10:15', '10:45'],
        ['09:30', '12:30'],
      ]) {
        expect(
          (await agenda.book({ studentId: bia, inicio: at(inicio), fim: at(fim) })).statusCode,
        ).toBe(409);
      }
    });

    it('books an overlap asked for on purpose, and still refuses a later one not asked for', async () => {
      await agenda.booked({ studentId: ana, inicio: at('10:00'), fim: at('11:00') });
      const group = await agenda.book({
        studentId: bia,
        inicio: at('10:00'),
        fim: at('11:00'),
        allowOverlap: true,
      });
      expect(group.statusCode).toBe(201);
      const carla = await agenda.student('Carla Dias');
      // Made longer, the group session claims a new time: still over Ana's, so asked again.
      expect((await agenda.change(group.json().id, { fim: at('11:30') })).json()).toMatchObject({
        code: 'schedule_conflict',
        message: 'Conflito de horário com Ana Souza',
      });
      const moved = await agenda.change(group.json().id, { fim: at('11:30'), allowOverlap: true });
      expect(moved.statusCode).toBe(200);
      // Only the group session is at 11:00–11:30: a booking not asked to overlap is refused.
      const refused = await agenda.book({
        studentId: carla,
        inicio: at('11:00'),
        fim: at('11:30'),
      });
      expect(refused.json()).toMatchObject({
        code: 'schedule_conflict',
        message: 'Conflito de horário com Bia Lima',
      });
    });

    it('moves a session through the same rules, never against itself', async () => {
      const first = await agenda.booked({ studentId: ana, inicio: at('10:00'), fim: at('11:00') });
      await agenda.booked({ studentId: bia, inicio: at('12:00'), fim: at('13:00') });
      // Longer into its own time: fine. Onto Bia's: refused, and nothing moved.
      expect((await agenda.change(first, { fim: at('11:30') })).statusCode).toBe(200);
      const onto = await agenda.change(first, { inicio: at('12:30'), fim: at('13:30') });
      expect(onto.json()).toMatchObject({
        statusCode: 409,
        code: 'schedule_conflict',
        message: 'Conflito de horário com Bia Lima',
      });
      expect(await agenda.session(first)).toMatchObject({
        inicio: iso('10:00'),
        fim: iso('11:30'),
      });
      // With allowOverlap it goes; the permission was for that time: moved again, asked again.
      expect(
        (await agenda.change(first, { inicio: at('12:30'), fim: at('13:30'), allowOverlap: true }))
          .statusCode,
      ).toBe(200);
      expect((await agenda.change(first, { observacoes: 'Dupla' })).statusCode).toBe(200);
      expect((await agenda.change(first, { inicio: at('12:15') })).json()).toMatchObject({
        code: 'schedule_conflict',
        message: 'Conflito de horário com Bia Lima',
      });
      expect(
        (await agenda.change(first, { inicio: at('12:15'), allowOverlap: true })).statusCode,
      ).toBe(200);
    });

    it('frees the time of a cancelled or deleted session, and takes it back only when free', async () => {
      const first = await agenda.booked({ studentId: ana, inicio: at('10:00'), fim: at('11:00') });
      expect((await agenda.change(first, { status: 'cancelada' })).statusCode).toBe(200);
      const second = await agenda.booked({ studentId: bia, inicio: at('10:00'), fim: at('11:00') });
      const back = await agenda.change(first, { status: 'agendada' });
      expect(back.json()).toMatchObject({
        statusCode: 409,
        code: 'schedule_conflict',
        message: 'Conflito de horário com Bia Lima',
      });
      expect((await agenda.session(first)).status).toBe('cancelada');
      // A cancelled session moves freely; a done one keeps holding its time.
      expect(
        (await agenda.change(first, { inicio: at('10:30'), fim: at('11:30') })).statusCode,
      ).toBe(200);
      expect((await agenda.change(second, { status: 'feita' })).statusCode).toBe(200);
      expect(
        (await agenda.book({ studentId: ana, inicio: at('10:00'), fim: at('10:30') })).statusCode,
      ).toBe(409);

      expect((await agenda.api.delete(`/api/sessions/${second}`)).statusCode).toBe(200);
      expect((await agenda.change(first, { status: 'agendada' })).statusCode).toBe(200);
      await agenda.project();
      const gone = await agenda.api.get(`/api/sessions/${second}`);
      expect(gone.json()).toEqual({
        statusCode: 404,
        code: 'not_found',
        message: 'Agendamento não encontrado',
      });
      expect((await agenda.api.delete(`/api/sessions/${second}`)).statusCode).toBe(404);
    });

    it('refuses a session inside an active vacation (409 blocked_period), and no longer once removed', async () => {
      const vacation = await agenda.api.post('/api/vacations', {
        startDate: '2030-03-04',
        endDate: '2030-03-08',
        description: 'Praia',
      });
      expect(vacation.statusCode).toBe(201);
      const blocked = {
        statusCode: 409,
        code: 'blocked_period',
        message: 'Período bloqueado (férias)',
      };
      // From its first midnight to the midnight after its last day, in São Paulo.
      expect(
        (await agenda.book({ studentId: ana, inicio: at('00:00'), fim: at('00:30') })).json(),
      ).toEqual(blocked);
      expect(
        (
          await agenda.book({
            studentId: ana,
            inicio: at('23:30', '2030-03-08'),
            fim: at('23:59', '2030-03-08'),
          })
        ).json(),
      ).toEqual(blocked);
      // Across its start.
      expect(
        (
          await agenda.book({ studentId: ana, inicio: at('23:30', '2030-03-03'), fim: at('00:30') })
        ).json(),
      ).toEqual(blocked);
      const before = await agenda.booked({
        studentId: ana,
        inicio: at('22:00', '2030-03-03'),
        fim: at('23:59', '2030-03-03'),
      });
      await agenda.booked({
        studentId: ana,
        inicio: at('00:00', '2030-03-09'),
        fim: at('01:00', '2030-03-09'),
      });
      // Moved into it: refused as well.
      expect(
        (await agenda.change(before, { inicio: at('22:00'), fim: at('23:00') })).json(),
      ).toEqual(blocked);

      expect((await agenda.api.delete(`/api/vacations/${vacation.json().id}`)).statusCode).toBe(
        200,
      );
      expect(
        (await agenda.book({ studentId: ana, inicio: at('10:00'), fim: at('11:00') })).statusCode,
      ).toBe(201);
    });
  });

  it('refuses bad input naming the field, in pt-BR, writing nothing', async () => {
    const ana = await agenda.student();
    const id = await agenda.booked({ studentId: ana, inicio: at('10:00'), fim: at('11:00') });
    await agenda.project();
    const before = await t.countEvents();
    const body = { studentId: ana, inicio: at('12:00'), fim: at('13:00') };
    const cases: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/sessions', { ...body, studentId: undefined }, 'Aluno inválido'],
      ['POST', '/api/sessions', { ...body, studentId: 'ana' }, 'Aluno inválido'],
      ['POST', '/api/sessions', { ...body, locationId: 'academia' }, 'Local inválido'],
      [
        'POST',
        '/api/sessions',
        { ...body, inicio: '2030-03-04 12:00' },
        'Horário de início inválido (use data e hora com fuso, ISO 8601)',
      ],
      [
        'POST',
        '/api/sessions',
        { ...body, fim: '2030-03-04T13:00:00' },
        'Horário de término inválido (use data e hora com fuso, ISO 8601)',
      ],
      ['POST', '/api/sessions', { ...body, inicio: undefined }, 'Horário de início inválido'],
      // A day the calendar does not have is refused, never moved to 2 March.
      [
        'POST',
        '/api/sessions',
        { ...body, inicio: '2027-02-30T10:00:00-03:00', fim: '2027-02-30T11:00:00-03:00' },
        'Horário de início inválido (use data e hora com fuso, ISO 8601)',
      ],
      [
        'PATCH',
        `/api/sessions/${id}`,
        { inicio: '2027-02-30T10:00:00-03:00' },
        'Horário de início inválido (use data e hora com fuso, ISO 8601)',
      ],
      [
        'PATCH',
        `/api/sessions/${id}`,
        { fim: '2027-04-31T11:00:00-03:00' },
        'Horário de término inválido (use data e hora com fuso, ISO 8601)',
      ],
      [
        'POST',
        '/api/sessions',
        { ...body, observacoes: 'x'.repeat(1001) },
        'Observações devem ter no máximo 1000 caracteres',
      ],
      [
        'POST',
        '/api/sessions',
        { ...body, allowOverlap: 'sim' },
        "Campo 'Permitir sobreposição' deve ser verdadeiro ou falso",
      ],
      [
        'POST',
        '/api/sessions',
        { ...body, repeat: { weeks: 0 } },
        'Repita por pelo menos 1 semana',
      ],
      [
        'POST',
        '/api/sessions',
        { ...body, repeat: { weeks: 53 } },
        'Repita por no máximo 52 semanas',
      ],
      [
        'POST',
        '/api/sessions',
        { ...body, repeat: { until: '2030-02-30' } },
        'Data final da repetição inválida (use AAAA-MM-DD)',
      ],
      [
        'POST',
        '/api/sessions',
        { ...body, repeat: { until: '2030-03-03' } },
        'A data final da repetição não pode ser antes do primeiro dia',
      ],
      [
        'POST',
        '/api/sessions',
        { ...body, repeat: { until: '2031-12-31' } },
        'A repetição pode ter no máximo 52 ocorrências',
      ],
      [
        'POST',
        '/api/sessions',
        { ...body, status: 'feita' },
        'Requisição inválida: campo(s) não permitido(s): status',
      ],
      [
        'POST',
        '/api/sessions',
        { ...body, tenantId: ana },
        'Requisição inválida: campo(s) não permitido(s): tenantId',
      ],
      ['PATCH', `/api/sessions/${id}`, {}, 'Informe ao menos um campo para alterar'],
      [
        'PATCH',
        `/api/sessions/${id}`,
        { scope: 'following' },
        'Informe ao menos um campo para alterar',
      ],
      ['PATCH', `/api/sessions/${id}`, { status: 'realizada' }, 'Status inválido'],
      ['PATCH', `/api/sessions/${id}`, { status: 'feita', scope: 'todas' }, 'Escopo inválido'],
      [
        'PATCH',
        `/api/sessions/${id}`,
        { confirmado: 1 },
        "Campo 'Confirmado' deve ser verdadeiro ou falso",
      ],
    ];
    for (const [method, url, payload, message] of cases) {
      const response =
        method === 'POST'
          ? await agenda.api.post(url, payload)
          : await agenda.api.patch(url, payload);
      expect({ url, payload, answer: response.json() }).toEqual({
        url,
        payload,
        answer: { statusCode: 400, code: 'validation_error', message },
      });
    }
    const queries: [string, string][] = [
      ['', 'Início do período inválido'],
      ['?from=2030-03-01T00:00:00Z', 'Fim do período inválido'],
      [
        '?from=ontem&to=2030-03-02T00:00:00Z',
        'Início do período inválido (use data e hora com fuso, ISO 8601)',
      ],
      [
        '?from=2030-03-02T00:00:00Z&to=2030-03-01T00:00:00Z',
        'O fim do período deve ser depois do início',
      ],
      [
        '?from=2030-01-01T00:00:00Z&to=2031-06-01T00:00:00Z',
        'O período deve ter no máximo 450 dias',
      ],
      [
        '?from=2030-03-01T00:00:00Z&to=2030-03-02T00:00:00Z&studentId=x',
        'Requisição inválida: campo(s) não permitido(s): studentId',
      ],
    ];
    for (const [query, message] of queries) {
      expect((await agenda.api.get(`/api/sessions${query}`)).json()).toEqual({
        statusCode: 400,
        code: 'validation_error',
        message,
      });
    }
    expect((await agenda.api.delete(`/api/sessions/${id}?scope=todas`)).json()).toMatchObject({
      statusCode: 400,
      message: 'Escopo inválido',
    });
    expect(await t.countEvents()).toBe(before);
  });

  it("answers 404 for another tenant's session and 403 to a student, changing nothing", async () => {
    const ana = await agenda.student();
    const id = await agenda.booked({ studentId: ana, inicio: at('10:00'), fim: at('11:00') });
    await agenda.project();
    const { api: intruder } = await t.trainer();
    const before = await t.countEvents();
    const missing = { statusCode: 404, code: 'not_found', message: 'Agendamento não encontrado' };
    const answers = await Promise.all([
      intruder.get(`/api/sessions/${id}`),
      intruder.patch(`/api/sessions/${id}`, { status: 'feita' }),
      intruder.patch(`/api/sessions/${id}`, { inicio: at('09:00'), scope: 'following' }),
      intruder.delete(`/api/sessions/${id}`),
      intruder.delete(`/api/sessions/${id}?scope=following`),
      intruder.get('/api/sessions/not-a-uuid'),
      // A student's id is no session's.
      intruder.patch(`/api/sessions/${ana}`, { status: 'feita' }),
      agenda.api.patch(`/api/sessions/${ana}`, { status: 'feita' }),
    ]);
    expect(answers.map((answer) => answer.json())).toEqual(Array(8).fill(missing));
    expect(
      (
        await intruder.get(
          `/api/sessions?from=${encodeURIComponent(at('00:00'))}&to=${encodeURIComponent(at('23:59'))}`,
        )
      ).json(),
    ).toEqual({ items: [] });

    const student = t.as(await t.principal('aluno', agenda.trainer.tenantId));
    for (const response of await Promise.all([
      student.get(
        `/api/sessions?from=${encodeURIComponent(at('00:00'))}&to=${encodeURIComponent(at('23:59'))}`,
      ),
      student.get(`/api/sessions/${id}`),
      student.post('/api/sessions', { studentId: ana, inicio: at('12:00'), fim: at('13:00') }),
      student.patch(`/api/sessions/${id}`, { status: 'cancelada' }),
      student.delete(`/api/sessions/${id}`),
      student.get('/api/dashboard'),
      student.get('/api/availability'),
      student.put('/api/availability', { items: [] }),
      student.get('/api/vacations'),
      student.post('/api/vacations', { startDate: '2030-03-04', endDate: '2030-03-05' }),
      student.delete(`/api/vacations/${id}`),
      student.post('/api/calendar/secret'),
    ])) {
      expect(response.json()).toMatchObject({ statusCode: 403 });
    }
    expect(await t.countEvents()).toBe(before);
    expect((await agenda.session(id)).status).toBe('agendada');
  });
});
