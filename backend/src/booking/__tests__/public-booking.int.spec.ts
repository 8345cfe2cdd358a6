import { apiFixture } from '../../../../test/support/api-fixture';
import { sendAgainWhileRefused } from '../../../../test/support/send-again';
import { addDays, zonedParts } from '../../contracts/shared/time';
import { dayAt, freshPhone, PAGE_WHATSAPP, today, trainerOf, visitor } from './booking-test-kit';

type Trainer = Awaited<ReturnType<typeof trainerOf>>;

describe('public booking', () => {
  const t = apiFixture({
    RATE_LIMIT_PUBLIC_SLOTS: '100000/60',
    RATE_LIMIT_PUBLIC_BOOKINGS: '100000/60',
    // A booking is refused (503) when Redis cannot count it within this budget. 100 bookings at
    // once on a busy machine kept the event loop past the default 500 ms: what is tested here is
    // the slot, not the counter (Redis outages are tested in test/resilience).
    REDIS_REQUEST_TIMEOUT_MS: '5000',
  });

  const booking = (locationId: string, inicio: string, extra: Record<string, unknown> = {}) => ({
    locationId,
    inicio,
    nome: 'Bruno Lima',
    telefone: '(11) 98888-7777',
    ...extra,
  });

  describe('the trainer page by slug', () => {
    let trainer: Trainer;
    beforeAll(async () => {
      trainer = await trainerOf(t.app, 'Carla Mendes');
      await trainer.location('Academia Centro', 'Rua A, 10');
      const parque = await trainer.location('Parque');
      await trainer.api.patch(`/api/locations/${parque}`, { ativo: false });
      await t.project();
    });

    it('shows name, the WhatsApp chosen for the page and active locations; only the exact slug finds it', async () => {
      const page = await visitor(t.app).get(`/api/public/${trainer.slug}`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toEqual({
        trainer: { nome: 'Carla Mendes', whatsapp: PAGE_WHATSAPP },
        locations: [{ id: expect.any(String), nome: 'Academia Centro', endereco: 'Rua A, 10' }],
        enabled: true,
      });
      for (const slug of [
        trainer.slug.slice(0, -1),
        'carla',
        `${trainer.slug}-x`,
        'Carla%20Mendes',
        'x'.repeat(90),
      ]) {
        const missing = await visitor(t.app).get(`/api/public/${slug}`);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().message).toBe('Personal não encontrado');
      }
    });
  });

  it('X-Min-Position: a location created a moment ago is on the page and takes bookings for whoever names its position', async () => {
    const trainer = await trainerOf(t.app, 'Davi Rocha');
    await trainer.location('Academia Centro');
    const page = () => visitor(t.app).get(`/api/public/${trainer.slug}`);
    // Read once: the page's answers are kept in memory for a while.
    expect((await page()).json().locations).toHaveLength(1);
    const created = await trainer.api.post('/api/locations', { nome: 'Estúdio Novo' });
    expect(created.statusCode).toBe(201);
    const { id, position } = created.json() as { id: string; position: number };
    await t.project();
    const named = { 'x-min-position': String(position) };
    const fresh = await visitor(t.app).get(`/api/public/${trainer.slug}`, named);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['x-stale']).toBeUndefined();
    expect(
      fresh
        .json()
        .locations.map((location: { nome: string }) => location.nome)
        .sort(),
    ).toEqual(['Academia Centro', 'Estúdio Novo']);
    const slots = await visitor(t.app).get(
      `/api/public/${trainer.slug}/locations/${id}/slots?from=${addDays(today(), 1)}`,
      named,
    );
    expect(slots.statusCode).toBe(200);
    expect(slots.json().items.length).toBeGreaterThan(0);
    // A position that is not a number is refused, naming the header.
    const bad = await visitor(t.app).get(`/api/public/${trainer.slug}`, { 'x-min-position': 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('X-Min-Position');
  });

  describe('slots and bookings', () => {
    let trainer: Trainer;
    let academia: string;
    beforeEach(async () => {
      trainer = await trainerOf(t.app);
      academia = await trainer.location();
    });
    const slotsOf = async (locationId = academia, from = addDays(today(), 1)) => {
      const response = await visitor(t.app).get(
        `/api/public/${trainer.slug}/locations/${locationId}/slots?from=${from}`,
      );
      expect(response.statusCode).toBe(200);
      return response.json().items as { inicio: string; fim: string }[];
    };

    it('lists open slots (times only) and books one: the student found by phone or created, the session agendada', async () => {
      const slots = await slotsOf();
      expect(slots).toHaveLength(18);
      expect(slots[0]).toEqual({ inicio: dayAt(1, '09:00'), fim: dayAt(1, '10:00') });

      const response = await visitor(t.app).post(
        `/api/public/${trainer.slug}/bookings`,
        booking(academia, slots[0].inicio),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(String),
        inicio: slots[0].inicio,
        fim: slots[0].fim,
        local: { id: academia, nome: 'Academia Centro' },
      });
      // Gone for the next visitor; the slot after it keeps its buffer.
      expect((await slotsOf()).map((slot) => slot.inicio)).not.toContain(slots[0].inicio);

      // The same phone again (masked differently): the same student.
      const again = await visitor(t.app).post(
        `/api/public/${trainer.slug}/bookings`,
        booking(academia, slots[1].inicio, { telefone: '11988887777', nome: 'Outro Nome' }),
      );
      expect(again.statusCode).toBe(201);
      await t.project();
      const students = (await trainer.api.get('/api/students')).json().items;
      expect(students).toEqual([
        expect.objectContaining({ nome: 'Bruno Lima', whatsapp: '11988887777', creditos: 0 }),
      ]);
      const agenda = await trainer.api.get(
        `/api/sessions?from=${encodeURIComponent(dayAt(1, '00:00'))}&to=${encodeURIComponent(dayAt(2, '00:00'))}`,
      );
      // Both 'a confirmar'; the second, under another name, says what the visitor typed.
      expect(agenda.json().items).toEqual([
        expect.objectContaining({
          id: response.json().id,
          status: 'agendada',
          confirmado: false,
          nomeInformado: null,
          studentNome: 'Bruno Lima',
          locationNome: 'Academia Centro',
        }),
        expect.objectContaining({
          id: again.json().id,
          status: 'agendada',
          confirmado: false,
          nomeInformado: 'Outro Nome',
        }),
      ]);
    });

    it("arrives 'a confirmar': the visitor counts in 'Total de Alunos' once the trainer confirms; the trainer's own bookings are confirmed", async () => {
      const own = await trainer.api.post('/api/students', { nome: 'Eva Nunes' });
      const [first, second] = await slotsOf();
      const mine = await trainer.api.post('/api/sessions', {
        studentId: own.json().id,
        inicio: dayAt(3, '19:00'),
        fim: dayAt(3, '20:00'),
      });
      const spam = [];
      for (const [index, slot] of [first, second].entries())
        spam.push(
          await visitor(t.app).post(
            `/api/public/${trainer.slug}/bookings`,
            booking(academia, slot.inicio, {
              nome: `Visitante ${index + 1}`,
              telefone: freshPhone(),
            }),
          ),
        );
      expect(spam.map((response) => response.statusCode)).toEqual([201, 201]);
      await t.project();
      const dashboard = async () => (await trainer.api.get('/api/dashboard')).json();
      expect((await dashboard()).totalAlunos).toBe(1);
      const session = async (id: string) => (await trainer.api.get(`/api/sessions/${id}`)).json();
      expect(await session(mine.json().id)).toMatchObject({ confirmado: true });
      expect(await session(spam[0].json().id)).toMatchObject({ confirmado: false });
      // The visitors are on the students' list, marked as such only by their sessions.
      expect((await trainer.api.get('/api/students')).json().items).toHaveLength(3);

      // 'Confirmar': the visitor counts. 'Recusar' (the booking removed): the other does not.
      const confirmed = await trainer.api.patch(`/api/sessions/${spam[0].json().id}`, {
        confirmado: true,
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await trainer.api.delete(`/api/sessions/${spam[1].json().id}`)).statusCode).toBe(200);
      await t.project();
      expect(await session(spam[0].json().id)).toMatchObject({ confirmado: true });
      expect((await dashboard()).totalAlunos).toBe(2);
    });

    it('a phone the trainer already has books as that student', async () => {
      const created = await trainer.api.post('/api/students', {
        nome: 'Dora Alves',
        whatsapp: '21977776666',
      });
      await t.project();
      const [slot] = await slotsOf();
      const response = await visitor(t.app).post(
        `/api/public/${trainer.slug}/bookings`,
        booking(academia, slot.inicio, { nome: 'Dora', telefone: '(21) 97777-6666' }),
      );
      expect(response.statusCode).toBe(201);
      await t.project();
      const sessions = await trainer.api.get(
        `/api/sessions?from=${encodeURIComponent(dayAt(0, '00:00'))}&to=${encodeURIComponent(dayAt(8, '00:00'))}`,
      );
      // 'Dora' for 'Dora Alves': the same person, nothing to flag.
      expect(sessions.json().items[0]).toMatchObject({
        studentId: created.json().id,
        confirmado: false,
        nomeInformado: null,
      });
      expect((await trainer.api.get('/api/students')).json().items).toHaveLength(1);
      // The same phone under another name: still Dora's (never a second student for one phone),
      // with the name typed shown to the trainer instead of attached silently.
      const other = await visitor(t.app).post(
        `/api/public/${trainer.slug}/bookings`,
        booking(academia, (await slotsOf())[0].inicio, {
          nome: 'Márcio Teles',
          telefone: '21977776666',
        }),
      );
      expect(other.statusCode).toBe(201);
      await t.project();
      expect((await trainer.api.get(`/api/sessions/${other.json().id}`)).json()).toMatchObject({
        studentId: created.json().id,
        studentNome: 'Dora Alves',
        nomeInformado: 'Márcio Teles',
        confirmado: false,
      });
    });

    it('refuses bad input with a pt-BR 400 naming the field, writing nothing', async () => {
      const [slot] = await slotsOf();
      const before = await t.countEvents();
      const cases: [Record<string, unknown>, string][] = [
        [booking(academia, slot.inicio, { nome: 'A' }), 'nome'],
        [booking(academia, slot.inicio, { nome: 'x'.repeat(81) }), 'nome'],
        [booking(academia, slot.inicio, { telefone: '1234' }), 'telefone'],
        [booking(academia, slot.inicio, { telefone: '(11) 98888-77771234' }), 'telefone'],
        [booking(academia, slot.inicio, { telefone: 'x'.repeat(5000) }), 'telefone'],
        [booking(academia, 'amanhã'), 'inicio'],
        [booking('nao-e-id', slot.inicio), 'locationId'],
        [booking(academia, slot.inicio, { website: 'http://spam' }), 'website'],
        [booking(academia, slot.inicio, { extra: 1 }), ''],
      ];
      for (const [body, field] of cases) {
        const response = await visitor(t.app).post(`/api/public/${trainer.slug}/bookings`, body);
        expect({ field, status: response.statusCode }).toEqual({ field, status: 400 });
        if (field) expect(response.json().message).toMatch(/inválid|caracteres|agendar/);
      }
      const badFrom = await visitor(t.app).get(
        `/api/public/${trainer.slug}/locations/${academia}/slots?from=31-12-2030`,
      );
      expect(badFrom.statusCode).toBe(400);
      expect(await t.countEvents()).toBe(before);
    });

    it("another tenant's location or an unknown one: 404; a taken or made-up time: 409 slot_taken", async () => {
      const other = await trainerOf(t.app, 'Outro Personal');
      const theirs = await other.location();
      for (const locationId of [theirs, '00000000-0000-4000-8000-000000000000', 'abc']) {
        const slots = await visitor(t.app).get(
          `/api/public/${trainer.slug}/locations/${locationId}/slots`,
        );
        expect(slots.statusCode).toBe(404);
      }
      const theirBooking = await visitor(t.app).post(
        `/api/public/${trainer.slug}/bookings`,
        booking(theirs, dayAt(1, '09:00')),
      );
      expect(theirBooking.statusCode).toBe(404);
      const offGrid = await visitor(t.app).post(
        `/api/public/${trainer.slug}/bookings`,
        booking(academia, dayAt(1, '09:30')),
      );
      expect(offGrid.json()).toEqual({
        statusCode: 409,
        code: 'slot_taken',
        message: 'Este horário acabou de ser reservado. Escolha outro.',
      });
      // A malformed or impossible time is the caller's mistake (400 naming it), not a taken slot.
      for (const inicio of ['2027-02-30T09:00:00-03:00', 'amanhã às 9', '']) {
        const malformed = await visitor(t.app).post(`/api/public/${trainer.slug}/bookings`, {
          ...booking(academia, dayAt(1, '09:00')),
          inicio,
        });
        expect(malformed.json()).toMatchObject({
          statusCode: 400,
          message: 'Horário de início inválido (use data e hora com fuso, ISO 8601)',
        });
      }
      // Nobody is registered for a slot that was not open.
      await t.project();
      expect((await trainer.api.get('/api/students')).json().items).toEqual([]);
    });

    it('at most 3 bookings per phone per day', async () => {
      const slots = await slotsOf();
      const phone = freshPhone();
      const statuses = [];
      for (const slot of slots.slice(0, 4)) {
        const response = await visitor(t.app).post(
          `/api/public/${trainer.slug}/bookings`,
          booking(academia, slot.inicio, { telefone: phone }),
        );
        statuses.push(response.statusCode);
        if (response.statusCode === 409) expect(response.json().code).toBe('too_many_bookings');
      }
      expect(statuses).toEqual([201, 201, 201, 409]);
      // A refused booking (slot taken) does not spend the allowance.
      const other = freshPhone();
      const taken = await visitor(t.app).post(
        `/api/public/${trainer.slug}/bookings`,
        booking(academia, slots[0].inicio, { telefone: other }),
      );
      expect(taken.json().code).toBe('slot_taken');
      for (const slot of slots.slice(4, 7)) {
        const response = await visitor(t.app).post(
          `/api/public/${trainer.slug}/bookings`,
          booking(academia, slot.inicio, { telefone: other }),
        );
        expect(response.statusCode).toBe(201);
      }
    });

    it('100 concurrent bookings of one slot: exactly one 201, the rest 409 slot_taken', async () => {
      const [slot] = await slotsOf();
      // As a visitor's page does: a 503 is sent again a little later.
      const book = (index: number) =>
        sendAgainWhileRefused(
          () =>
            visitor(t.app).post(
              `/api/public/${trainer.slug}/bookings`,
              booking(academia, slot.inicio, {
                telefone: freshPhone(),
                nome: `Visitante ${index}`,
              }),
            ),
          (answer) => (answer as { statusCode?: number }).statusCode === 503,
          120_000,
        );
      const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => book(index)));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      const refusals = answers
        .filter((answer) => answer.statusCode !== 201)
        .map((answer) => `${answer.statusCode} ${(answer.json() as { code?: string }).code}`);
      expect(refusals.filter((refusal) => refusal !== '409 slot_taken')).toEqual([]);
    });

    it('20 visitors booking one slot at once: one session and one student; the refused become no one', async () => {
      const [slot] = await slotsOf();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          visitor(t.app).post(
            `/api/public/${trainer.slug}/bookings`,
            booking(academia, slot.inicio, { telefone: freshPhone(), nome: `Corrida ${index}` }),
          ),
        ),
      );
      const booked = answers.filter((answer) => answer.statusCode === 201);
      expect(booked).toHaveLength(1);
      const refusals = answers
        .filter((answer) => answer.statusCode !== 201)
        .map((answer) => `${answer.statusCode} ${(answer.json() as { code?: string }).code}`);
      expect(refusals.filter((refusal) => refusal !== '409 slot_taken')).toEqual([]);
      await t.project();
      const students = (await trainer.api.get('/api/students')).json().items as {
        nome: string;
      }[];
      const agenda = await trainer.api.get(
        `/api/sessions?from=${encodeURIComponent(dayAt(1, '00:00'))}&to=${encodeURIComponent(dayAt(2, '00:00'))}`,
      );
      const sessions = agenda.json().items as { id: string; studentNome: string }[];
      expect(sessions).toHaveLength(1);
      expect(sessions[0].id).toBe(booked[0].json().id);
      expect(students.map((student) => student.nome)).toEqual([sessions[0].studentNome]);
    });

    it("against the trainer's own booking at the same time: one of the two (10 rounds)", async () => {
      const student = (await trainer.api.post('/api/students', { nome: 'Eva' })).json().id;
      for (let round = 0; round < 10; round++) {
        const days = 1 + (round % 6);
        const time = round < 6 ? '09:00' : '14:00';
        const inicio = dayAt(days, time);
        const [publico, personal] = await Promise.all([
          visitor(t.app).post(
            `/api/public/${trainer.slug}/bookings`,
            booking(academia, inicio, { telefone: freshPhone() }),
          ),
          trainer.api.post('/api/sessions', {
            studentId: student,
            inicio,
            fim: new Date(Date.parse(inicio) + 3_600_000).toISOString(),
          }),
        ]);
        const outcome = [publico.statusCode, personal.statusCode];
        expect([
          [201, 409],
          [409, 201],
        ]).toContainEqual(outcome);
        if (publico.statusCode === 409) expect(publico.json().code).toBe('slot_taken');
        else expect(personal.json().code).toBe('schedule_conflict');
      }
    });
  });

  describe('link settings (/link-publico)', () => {
    let trainer: Trainer;
    let academia: string;
    let parque: string;
    beforeEach(async () => {
      trainer = await trainerOf(t.app);
      academia = await trainer.location('Academia');
      parque = await trainer.location('Parque');
    });
    const settings = {
      enabled: true,
      whatsapp: '11912345678',
      daysAhead: 3,
      bufferMinutes: 0,
      slotMinutes: 30,
      maxPerDay: 5,
      locationIds: null,
    };

    it("a new trainer's page starts off, showing no phone; turned on, the WhatsApp chosen here, never the sign-up phone", async () => {
      const { api: nina } = await t.signUp({ nome: 'Nina Prado', telefone: '11988881111' });
      const slug = (await nina.get('/api/me')).json().tenantSlug as string;
      await nina.post('/api/locations', { nome: 'Estúdio Nina' });
      await t.project();
      const defaults = (await nina.get('/api/settings/public-link')).json();
      expect(defaults).toMatchObject({ enabled: false, whatsapp: null });
      const page = async () => (await visitor(t.app).get(`/api/public/${slug}`)).json();
      expect(await page()).toEqual({
        trainer: { nome: 'Nina Prado', whatsapp: null },
        locations: [],
        enabled: false,
      });
      expect(JSON.stringify(await page())).not.toContain('988881111');

      // On, without choosing a WhatsApp: still none shown.
      expect(
        (await nina.put('/api/settings/public-link', { ...defaults, enabled: true })).statusCode,
      ).toBe(200);
      expect(await page()).toMatchObject({ trainer: { whatsapp: null }, enabled: true });
      const chosen = await nina.put('/api/settings/public-link', {
        ...defaults,
        enabled: true,
        whatsapp: '(21) 97777-2222',
      });
      expect(chosen.statusCode).toBe(200);
      expect((await nina.get('/api/settings/public-link')).json()).toMatchObject({
        whatsapp: '21977772222',
      });
      expect(await page()).toMatchObject({
        trainer: { nome: 'Nina Prado', whatsapp: '21977772222' },
      });
      // Off again: the number goes with it.
      expect(
        (await nina.put('/api/settings/public-link', { ...defaults, whatsapp: '21977772222' }))
          .statusCode,
      ).toBe(200);
      expect(await page()).toMatchObject({ trainer: { whatsapp: null }, enabled: false });
      const bad = await nina.put('/api/settings/public-link', { ...defaults, whatsapp: '123' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('WhatsApp inválido');
    });

    it('saves the settings and applies them to the slots', async () => {
      expect((await trainer.api.get('/api/settings/public-link')).json()).toEqual({
        enabled: true,
        whatsapp: PAGE_WHATSAPP,
        daysAhead: 7,
        bufferMinutes: 15,
        slotMinutes: 60,
        maxPerDay: 3,
        locationIds: null,
      });
      const saved = await trainer.api.put('/api/settings/public-link', settings);
      expect(saved.statusCode).toBe(200);
      expect((await trainer.api.get('/api/settings/public-link')).json()).toEqual(settings);
      const slots = (
        await visitor(t.app).get(
          `/api/public/${trainer.slug}/locations/${academia}/slots?from=${addDays(today(), 1)}`,
        )
      ).json().items as { inicio: string; fim: string }[];
      // Days ahead 3 (today and 2 more): tomorrow and the day after, 5 each.
      expect(slots).toHaveLength(10);
      expect(slots.slice(0, 2)).toEqual([
        { inicio: dayAt(1, '09:00'), fim: dayAt(1, '09:30') },
        { inicio: dayAt(1, '09:30'), fim: dayAt(1, '10:00') },
      ]);
      expect(zonedParts(new Date(slots[9].inicio), 'America/Sao_Paulo').date).toBe(
        addDays(today(), 2),
      );
    });

    it('offers only the locations chosen', async () => {
      await trainer.api.put('/api/settings/public-link', { ...settings, locationIds: [parque] });
      const page = (await visitor(t.app).get(`/api/public/${trainer.slug}`)).json();
      expect(page.locations.map((location: { id: string }) => location.id)).toEqual([parque]);
      const left = await visitor(t.app).get(
        `/api/public/${trainer.slug}/locations/${academia}/slots`,
      );
      expect(left.statusCode).toBe(404);
    });

    it('off: the page says so, slots and bookings are refused', async () => {
      await trainer.api.put('/api/settings/public-link', { ...settings, enabled: false });
      const page = await visitor(t.app).get(`/api/public/${trainer.slug}`);
      expect(page.json()).toMatchObject({ enabled: false, locations: [] });
      const slots = await visitor(t.app).get(
        `/api/public/${trainer.slug}/locations/${academia}/slots`,
      );
      expect(slots.json()).toMatchObject({ statusCode: 403, code: 'booking_disabled' });
      const booked = await visitor(t.app).post(
        `/api/public/${trainer.slug}/bookings`,
        booking(academia, dayAt(1, '09:00')),
      );
      expect(booked.json()).toMatchObject({
        statusCode: 403,
        code: 'booking_disabled',
        message: 'Este personal não está recebendo agendamentos online no momento.',
      });
    });

    it('refuses bad settings naming the field; a student gets 403', async () => {
      for (const [body, label] of [
        [{ ...settings, daysAhead: 0 }, 'Dias à frente'],
        [{ ...settings, slotMinutes: 5 }, 'Duração da sessão'],
        [{ ...settings, bufferMinutes: -1 }, 'Intervalo entre sessões'],
        [{ ...settings, maxPerDay: 1.5 }, 'Máximo por dia'],
        [{ ...settings, locationIds: ['x'] }, 'Local inválido'],
        [{ ...settings, enabled: 'sim' }, 'Agendamento online'],
      ] as const) {
        const response = await trainer.api.put('/api/settings/public-link', body);
        expect({ label, status: response.statusCode }).toEqual({ label, status: 400 });
        expect(response.json().message).toContain(label);
      }
      const wordy = await trainer.api.put('/api/settings/public-link', {
        ...settings,
        slotMinutes: 'uma hora',
      });
      expect(wordy.json().message).toBe('Duração da sessão inválida');
      // Another trainer's location, or one that does not exist, is not the caller's: 404.
      const theirs = await (await trainerOf(t.app, 'Outro Personal')).location();
      for (const locationId of [theirs, '00000000-0000-4000-8000-000000000000']) {
        const response = await trainer.api.put('/api/settings/public-link', {
          ...settings,
          locationIds: [locationId],
        });
        expect(response.json()).toEqual({
          statusCode: 404,
          code: 'not_found',
          message: 'Local não encontrado',
        });
      }
      expect(
        (await trainer.api.get('/api/settings/public-link')).json().locationIds ?? [],
      ).not.toContain(theirs);
      const student = t.as(await t.principal('aluno', trainer.tenantId));
      expect((await student.get('/api/settings/public-link')).statusCode).toBe(403);
      expect((await student.put('/api/settings/public-link', settings)).statusCode).toBe(403);
    });
  });
});
