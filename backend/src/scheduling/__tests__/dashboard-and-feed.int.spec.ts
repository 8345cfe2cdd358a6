import { apiFixture } from '../../../../test/support/api-fixture';
import type { Dashboard } from '../../contracts/scheduling/api';
import {
  addDays,
  dayRange,
  weekRange,
  weekStart,
  zonedInstant,
  zonedParts,
} from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { ProjectionChange } from '../../platform/projections/projection';
import { drainToEndOfLog } from '../../../../test/support/projections';
import { schedulingProjections } from '../projections';
import { type Agenda, agendaOf } from './scheduling-test-kit';
import { expectRefusal } from '../../../../test/support/api';

const SP = 'America/Sao_Paulo';
const instant = (date: string, time: string) => zonedInstant(date, time, SP).toISOString();

describe('dashboard', () => {
  const t = apiFixture();

  /**
   * Sessions around today's and this week's edges in São Paulo; answers what the dashboard
   * should say and what it said. Taken again if São Paulo's day turned meanwhile.
   */
  async function dashboardAroundToday(agenda: Agenda, ana: string, academia: string) {
    const today = zonedParts(new Date(), SP).date;
    const sunday = weekStart(today);
    const slots: [string, string, string][] = [
      [addDays(today, -1), '23:50', '23:58'],
      [today, '00:10', '00:20'],
      [today, '23:40', '23:50'],
      [addDays(today, 1), '00:01', '00:09'],
      [addDays(sunday, -1), '23:30', '23:40'],
      [sunday, '00:00', '00:05'],
      [addDays(sunday, 6), '23:55', '23:59'],
      [addDays(sunday, 7), '00:20', '00:25'],
      [addDays(today, 3), '10:00', '11:00'],
    ];
    const booked: {
      id: string;
      inicio: string;
      locationId: string | null;
      locationNome: string | null;
    }[] = [];
    for (const [date, start, end] of slots) {
      const inicio = instant(date, start);
      const atAcademia = booked.length % 2 === 1;
      const id = await agenda.booked({
        studentId: ana,
        locationId: atAcademia ? academia : null,
        inicio,
        fim: instant(date, end),
        allowOverlap: true,
      });
      booked.push({
        id,
        inicio,
        locationId: atAcademia ? academia : null,
        locationNome: atAcademia ? 'Academia Centro' : null,
      });
    }
    // Neither a cancelled nor a done session is scheduled any more.
    const cancelled = await agenda.booked({
      studentId: ana,
      inicio: instant(today, '12:00'),
      fim: instant(today, '13:00'),
      allowOverlap: true,
    });
    await agenda.change(cancelled, { status: 'cancelada' });
    const done = await agenda.booked({
      studentId: ana,
      inicio: instant(today, '13:00'),
      fim: instant(today, '14:00'),
      allowOverlap: true,
    });
    await agenda.change(done, { status: 'feita' });
    await agenda.project();

    const now = new Date();
    const answer = (await agenda.api.get('/api/dashboard')).json() as Dashboard;
    if (zonedParts(new Date(), SP).date !== today) return undefined;
    const within = (range: { from: Date; to: Date }) =>
      booked.filter(
        ({ inicio }) =>
          Date.parse(inicio) >= range.from.getTime() && Date.parse(inicio) < range.to.getTime(),
      ).length;
    const next = booked
      .filter(({ inicio }) => Date.parse(inicio) > now.getTime())
      .sort((a, b) => a.inicio.localeCompare(b.inicio))
      .slice(0, 3);
    return {
      answer,
      expected: {
        hoje: within(dayRange(today, SP)),
        semana: within(weekRange(today, SP)),
        next: next.map(({ id, inicio, locationId, locationNome }) => ({
          id,
          inicio,
          studentNome: 'Ana Souza',
          locationId,
          locationNome,
        })),
      },
    };
  }

  it("counts today's and this week's scheduled sessions in São Paulo, active students and locations, and the next three", async () => {
    for (let attempt = 0; ; attempt++) {
      const agenda = await agendaOf(t.app);
      const ana = await agenda.student('Ana Souza');
      const bia = await agenda.student('Bia Lima');
      await agenda.student('Carla Dias');
      await agenda.api.patch(`/api/students/${bia}`, { ativo: false });
      const academia = await agenda.location('Academia Centro');
      const old = await agenda.location('Estúdio antigo');
      await agenda.api.patch(`/api/locations/${old}`, { ativo: false });

      const result = await dashboardAroundToday(agenda, ana, academia);
      if (!result && attempt < 2) continue;
      if (!result) throw new Error('o dia virou três vezes durante o teste');
      const { answer, expected } = result;
      expect(answer).toEqual({
        hoje: expected.hoje,
        semana: expected.semana,
        totalAlunos: 2,
        locaisAtivos: 1,
        proximas: expected.next,
        pedidosRemarcar: [],
        // No plan made, no PIX key saved here.
        primeirosPassos: { local: true, plano: false, aluno: true, sessao: true, pix: false },
      });
      // Today's two, at least; the week's edges counted only inside it.
      expect(expected.hoje).toBeGreaterThanOrEqual(2);
      expect(expected.semana).toBeGreaterThanOrEqual(expected.hoje + 1);
      expect(answer.proximas).toHaveLength(3);
      return;
    }
  });

  it('starts at zero', async () => {
    const agenda = await agendaOf(t.app);
    await agenda.project();
    expect((await agenda.api.get('/api/dashboard')).json()).toEqual({
      hoje: 0,
      semana: 0,
      totalAlunos: 0,
      locaisAtivos: 0,
      proximas: [],
      pedidosRemarcar: [],
      primeirosPassos: { local: false, plano: false, aluno: false, sessao: false, pix: false },
    });
  });

  it("tells the tenant's browsers about 'session', 'directory', 'availability' and 'vacation' changes, and every student that the schedule moved, naming no one", async () => {
    const agenda = await agendaOf(t.app);
    await agenda.project();
    const ana = await agenda.student();
    const id = await agenda.booked({
      studentId: ana,
      inicio: instant('2030-08-01', '10:00'),
      fim: instant('2030-08-01', '11:00'),
    });
    await agenda.api.put('/api/availability', {
      items: [{ dayOfWeek: 1, startTime: '08:00', endTime: '12:00', isBlocked: false }],
    });
    const vacation = (
      await agenda.api.post('/api/vacations', { startDate: '2030-09-01', endDate: '2030-09-02' })
    ).json().id;
    const changes: ProjectionChange[] = [];
    // To the end of the log, not one drain: a transaction open anywhere on this PostgreSQL (another
    // test file, another run beside this one) may hold the last events back from the first.
    await drainToEndOfLog(
      t.app.get<Db>(DATABASE),
      schedulingProjections,
      30_000,
      async (batch) => void changes.push(...batch.changes),
    );
    const ofTenant = changes
      .filter((change) => change.tenantId === agenda.trainer.tenantId)
      .map(({ type, id: changed }) => ({ type, id: changed }));
    expect(ofTenant).toEqual(
      expect.arrayContaining([
        { type: 'session', id },
        { type: 'directory', id: ana },
        { type: 'availability', id: agenda.trainer.tenantId },
        { type: 'vacation', id: vacation },
      ]),
    );
    const toStudents = changes.filter(
      (change) => change.tenantId === agenda.trainer.tenantId && change.allStudents,
    );
    expect(toStudents).toContainEqual({
      tenantId: agenda.trainer.tenantId,
      type: 'schedule',
      id: agenda.trainer.tenantId,
      allStudents: true,
    });
    // The session itself goes to its own student only.
    expect(toStudents.map((change) => change.id)).not.toContain(id);
    expect(changes).toContainEqual(
      expect.objectContaining({ type: 'session', id, studentId: ana }),
    );
  });
});

describe('private calendar feed', () => {
  const t = apiFixture({ APP_URL: 'https://vira.example.com.br' });
  let agenda: Agenda;

  beforeAll(async () => {
    agenda = await agendaOf(t.app);
  });

  const fetchFeed = (path: string) => t.app.inject({ method: 'GET', url: path });

  /** Unfolds the content lines (RFC 5545 §3.1) and reads each VEVENT's properties. */
  function parseIcs(body: string) {
    const physical = body.split('\r\n');
    expect(physical.at(-1)).toBe('');
    for (const line of physical) {
      expect(line).not.toContain('\n');
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    const lines = body.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    const events: Record<string, string>[] = [];
    let current: Record<string, string> | undefined;
    for (const line of lines) {
      if (line === 'BEGIN:VEVENT') current = {};
      else if (line === 'END:VEVENT' && current) {
        events.push(current);
        current = undefined;
      } else if (current) {
        const colon = line.indexOf(':');
        current[line.slice(0, colon)] = line.slice(colon + 1);
      }
    }
    return { lines, events };
  }
  const unescape = (text: string) =>
    text.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

  it('serves the last 30 and next 180 days in iCalendar, behind a secret that a new one revokes', async () => {
    const student = await agenda.student(
      'Maria Eduarda de Albuquerque, a "Duda"; aluna desde 2019',
    );
    const academia = await agenda.location('Academia Corpo em Movimento — Unidade Jardim Paulista');
    const now = Date.now();
    const day = 86_400_000;
    const around = (offsetDays: number) => {
      const start = new Date(Math.floor((now + offsetDays * day) / 60_000) * 60_000);
      return {
        inicio: start.toISOString(),
        fim: new Date(start.getTime() + 3_600_000).toISOString(),
      };
    };
    const book = (offsetDays: number, extra: Record<string, unknown> = {}) =>
      agenda.booked({ studentId: student, ...around(offsetDays), ...extra });
    await book(-40);
    const recent = await book(-10);
    const next = await book(1, {
      locationId: academia,
      observacoes: 'Treino de força; trazer luvas,\ntoalha',
    });
    const cancelled = await book(2);
    await agenda.change(cancelled, { status: 'cancelada' });
    const deleted = await book(3);
    await agenda.api.delete(`/api/sessions/${deleted}`);
    await book(200);
    await agenda.project();

    const issued = await agenda.api.post('/api/calendar/secret');
    expect(issued.statusCode).toBe(201);
    const { secret, url } = issued.json();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`https://vira.example.com.br/api/calendar/${secret}.ics`);

    const response = await fetchFeed(`/api/calendar/${secret}.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { lines, events } = parseIcs(response.body);
    expect(lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'BEGIN:VTIMEZONE',
        'TZID:America/Sao_Paulo',
        'TZOFFSETTO:-0300',
      ]),
    );
    expect(events.map((event) => event.UID)).toEqual([
      `${recent}@vira`,
      `${next}@vira`,
      `${cancelled}@vira`,
    ]);
    const nextEvent = events[1];
    const start = zonedParts(new Date(around(1).inicio), SP);
    expect(nextEvent['DTSTART;TZID=America/Sao_Paulo']).toBe(
      `${start.date.replace(/-/g, '')}T${start.time.replace(':', '')}00`,
    );
    expect(unescape(nextEvent.SUMMARY)).toBe(
      'Maria Eduarda de Albuquerque, a "Duda"; aluna desde 2019 — Academia Corpo em Movimento — Unidade Jardim Paulista',
    );
    expect(unescape(nextEvent.LOCATION)).toBe(
      'Academia Corpo em Movimento — Unidade Jardim Paulista',
    );
    expect(unescape(nextEvent.DESCRIPTION)).toBe('Treino de força; trazer luvas,\ntoalha');
    expect(nextEvent.STATUS).toBe('CONFIRMED');
    expect(nextEvent.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    expect(events[2].STATUS).toBe('CANCELLED');
    // The same feed read again: the same events (a calendar app keeps them, not duplicates).
    expect(parseIcs((await fetchFeed(`/api/calendar/${secret}.ics`)).body).events).toEqual(events);

    const renewed = (await agenda.api.post('/api/calendar/secret')).json().secret;
    const revoked = await fetchFeed(`/api/calendar/${secret}.ics`);
    expectRefusal(revoked, 404, 'not_found', 'Calendário não encontrado');
    expect((await fetchFeed(`/api/calendar/${renewed}.ics`)).statusCode).toBe(200);
    for (const path of ['/api/calendar/nao-existe.ics', `/api/calendar/${'A'.repeat(43)}.ics`]) {
      expect((await fetchFeed(path)).json()).toMatchObject({ statusCode: 404, code: 'not_found' });
    }
  });
});
