import { Inject, Injectable } from '@nestjs/common';
import { type ExpressionBuilder, sql } from 'kysely';
import type {
  Dashboard,
  Session,
  SessionRange,
  SessionStatus,
  StudentSessions,
} from '../../contracts/scheduling/api';
import type { StudentSession } from '../../contracts/student-area/api';
import { dayRange, weekRange, zonedParts } from '../../contracts/shared/time';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { shapedRows } from '../../platform/database/shaped-rows';
import { type Database, isoInstant } from '../../platform/database/database';

/** A session as the calendar feed writes it. */
export interface FeedSession {
  id: string;
  inicio: Date;
  fim: Date;
  status: SessionStatus;
  observacoes: string | null;
  studentNome: string | null;
  locationNome: string | null;
  version: number;
  updatedAt: Date;
}

/** Expressions over a session row (`sessions as s`). */
type OfSession = ExpressionBuilder<Database & { s: Database['sessions'] }, 's'>;

/*
 * The names this context keeps of a session's student and location, each looked up by its id (the
 * tenant repeated as a guard), here and in SESSION_ANSWER: one probe of an index per session,
 * whatever plan PostgreSQL keeps for the prepared statement. Joined, the plan kept for every
 * trainer (estimated on the average one) read all of a trainer's names again for each of their
 * sessions.
 */
const studentNome = (eb: OfSession) =>
  eb
    .selectFrom('schedulingStudents as st')
    .select('st.nome')
    .whereRef('st.id', '=', 's.studentId')
    .whereRef('st.tenantId', '=', 's.tenantId')
    .where('st.removedAt', 'is', null)
    .as('studentNome');
const locationNome = (eb: OfSession) =>
  eb
    .selectFrom('schedulingLocations as l')
    .select('l.nome')
    .whereRef('l.id', '=', 's.locationId')
    .whereRef('l.tenantId', '=', 's.tenantId')
    .where('l.removedAt', 'is', null)
    .as('locationNome');

/**
 * A session as the API answers it (a Session per row), over `sessions s`: the one definition every
 * read of sessions selects, written as SQL so no builder runs and no row is mapped
 * (platform/database/shaped-rows.ts). The reminder's state is on the row (the sessions projection
 * keeps it): looked up per session, it was a third of the month read's time in PostgreSQL.
 */
const SESSION_ANSWER = `s.id, s.student_id as "studentId",
    (select st.nome from scheduling_students st
     where st.id = s.student_id and st.tenant_id = s.tenant_id and st.removed_at is null) as "studentNome",
    s.location_id as "locationId",
    (select l.nome from scheduling_locations l
     where l.id = s.location_id and l.tenant_id = s.tenant_id and l.removed_at is null) as "locationNome",
    to_char(s.inicio at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as inicio,
    to_char(s.fim at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as fim,
    s.status, s.confirmado, s.nome_informado as "nomeInformado", s.observacoes,
    s.series_id as "seriesId", s.confirmado_pelo_aluno as "confirmadoPeloAluno",
    s.remarcar_pedido_em is not null as "remarcarPedido",
    case when s.lembrete_canal is not null
      then json_build_object('canal', s.lembrete_canal, 'estado', s.lembrete_estado) end as lembrete`;

/** The tenant's sessions (not deleted) that also meet `rest` ($1 the tenant), as the answer has them. */
const sessionsWhere = (rest: string) =>
  `select ${SESSION_ANSWER} from sessions s
  where s.tenant_id = $1 and s.removed_at is null and ${rest}`;

/** The agenda's read: the sessions that start in [$2, $3), by start. */
export const sessionsStartingBetween = shapedRows<
  Session,
  [tenantId: string, from: Date, to: Date]
>(sessionsWhere('s.inicio >= $2 and s.inicio < $3 order by s.inicio, s.id'));
const sessionById = shapedRows<Session, [tenantId: string, id: string]>(sessionsWhere('s.id = $2'));
/** A student's sessions from $3 on, by start, and before it, latest first; $4 of each at most. */
const studentSessionsFrom = shapedRows<
  Session,
  [tenantId: string, studentId: string, now: Date, limit: number]
>(sessionsWhere('s.student_id = $2 and s.inicio >= $3 order by s.inicio, s.id limit $4'));
const studentSessionsBefore = shapedRows<
  Session,
  [tenantId: string, studentId: string, now: Date, limit: number]
>(sessionsWhere('s.student_id = $2 and s.inicio < $3 order by s.inicio desc, s.id desc limit $4'));

const NO_STEP_DONE: Dashboard['primeirosPassos'] = { local: false, plano: false, aluno: false, sessao: false, pix: false };

/**
 * The only code that reads the sessions read model (with the names this context keeps of students
 * and locations); every read is scoped by tenant.
 */
@Injectable()
export class SessionsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** The tenant's sessions (not deleted). */
  private tenantSessions(tenantId: string) {
    return this.db
      .selectFrom('sessions as s')
      .where('s.tenantId', '=', tenantId)
      .where('s.removedAt', 'is', null);
  }

  /** A student's next agendada sessions after `now`, by start (the student area). */
  async upcoming(
    tenantId: string,
    studentId: string,
    now: Date,
    limit: number,
  ): Promise<Omit<StudentSession, 'politica'>[]> {
    return this.tenantSessions(tenantId)
      .select((eb) => [
        's.id',
        isoInstant('s.inicio').as('inicio'),
        isoInstant('s.fim').as('fim'),
        's.locationId',
        locationNome(eb),
      ])
      .where('s.studentId', '=', studentId)
      .where('s.status', '=', 'agendada')
      .where('s.inicio', '>', now)
      .orderBy('s.inicio')
      .orderBy('s.id')
      .limit(limit)
      .execute();
  }

  /** How many agendada sessions of a student end after `now`. */
  async countAgendadas(tenantId: string, studentId: string, now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('tenantId', '=', tenantId)
      .where('studentId', '=', studentId)
      .where('status', '=', 'agendada')
      .where('fim', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async list(tenantId: string, { from, to }: SessionRange): Promise<Session[]> {
    return sessionsStartingBetween(this.db, tenantId, new Date(from), new Date(to));
  }

  /**
   * A student's sessions starting from `now` on (by start) and before it (latest first), each side
   * up to `limit`; undefined when the tenant has no such student.
   */
  async ofStudent(
    tenantId: string,
    studentId: string,
    now: Date,
    limit: number,
  ): Promise<StudentSessions | undefined> {
    const student = await this.db
      .selectFrom('schedulingStudents')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('id', '=', studentId)
      .where('removedAt', 'is', null)
      .executeTakeFirst();
    if (!student) return undefined;
    const [proximas, anteriores] = await Promise.all([
      studentSessionsFrom(this.db, tenantId, studentId, now, limit),
      studentSessionsBefore(this.db, tenantId, studentId, now, limit),
    ]);
    return { proximas, anteriores };
  }

  async find(tenantId: string, id: string): Promise<Session | undefined> {
    const [session] = await sessionById(this.db, tenantId, id);
    return session;
  }

  /**
   * The dashboard in one query: agendada sessions today and this Sunday–Saturday week (in
   * `timeZone`), active students (a visitor of the public page once a session of theirs is
   * confirmed) and locations, the next three agendada sessions after `now`, and the first steps
   * done (none before the trainer's first one).
   */
  async dashboard(tenantId: string, now: Date, timeZone: string): Promise<Dashboard> {
    const today = zonedParts(now, timeZone).date;
    const day = dayRange(today, timeZone);
    const week = weekRange(today, timeZone);
    const scheduled = (range: { from: Date; to: Date }) => sql<number>`(
      select count(*)::int from sessions
      where tenant_id = ${tenantId}::uuid and removed_at is null and status = 'agendada'
        and inicio >= ${range.from} and inicio < ${range.to})`;
    const { rows } = await sql<Omit<Dashboard, 'primeirosPassos'> & { primeirosPassos: Dashboard['primeirosPassos'] | null }>`
      select ${scheduled(day)} as hoje, ${scheduled(week)} as semana,
        (select count(*)::int from scheduling_students st
         where st.tenant_id = ${tenantId}::uuid and st.removed_at is null and st.ativo
           -- A visitor of the public page counts once the trainer confirmed a session of theirs.
           and (not st.visitante or exists (
             select from sessions s
             where s.tenant_id = st.tenant_id and s.student_id = st.id
               and s.removed_at is null and s.confirmado))) as total_alunos,
        (select count(*)::int from scheduling_locations
         where tenant_id = ${tenantId}::uuid and removed_at is null and ativo) as locais_ativos,
        (select coalesce(json_agg(next order by next.inicio, next.id), '[]'::json) from (
          select s.id, to_char(s.inicio at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as inicio,
                 st.nome as "studentNome", s.location_id as "locationId", l.nome as "locationNome"
          from sessions s
          left join scheduling_students st
            on st.id = s.student_id and st.tenant_id = s.tenant_id and st.removed_at is null
          left join scheduling_locations l
            on l.id = s.location_id and l.tenant_id = s.tenant_id and l.removed_at is null
          where s.tenant_id = ${tenantId}::uuid and s.removed_at is null and s.status = 'agendada'
            and s.inicio > ${now}
          order by s.inicio, s.id limit 3) next) as proximas,
        (select coalesce(json_agg(asked order by asked.inicio, asked.id), '[]'::json) from (
          select s.id, to_char(s.inicio at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as inicio,
                 st.nome as "studentNome"
          from sessions s
          left join scheduling_students st
            on st.id = s.student_id and st.tenant_id = s.tenant_id and st.removed_at is null
          where s.tenant_id = ${tenantId}::uuid and s.removed_at is null and s.status = 'agendada'
            and s.remarcar_pedido_em is not null and s.inicio > ${now}
          order by s.inicio, s.id limit 20) asked) as pedidos_remarcar,
        (select json_build_object('local', f.local, 'plano', f.plano, 'aluno', f.aluno, 'sessao', f.sessao, 'pix', f.pix)
         from first_steps f where f.tenant_id = ${tenantId}::uuid) as primeiros_passos`.execute(this.db);
    const { primeirosPassos, ...counts } = rows[0];
    return { ...counts, primeirosPassos: primeirosPassos ?? NO_STEP_DONE };
  }

  /** The sessions (cancelled ones too) that start in [from, to), for the calendar feed. */
  async feed(tenantId: string, from: Date, to: Date): Promise<FeedSession[]> {
    const rows = await this.tenantSessions(tenantId)
      .select((eb) => [
        's.id',
        's.inicio',
        's.fim',
        's.status',
        's.observacoes',
        studentNome(eb),
        locationNome(eb),
        's.version',
        's.updatedAt',
      ])
      .where('s.inicio', '>=', from)
      .where('s.inicio', '<', to)
      .orderBy('s.inicio')
      .orderBy('s.id')
      .execute();
    return rows as FeedSession[];
  }
}
