import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import {
  DEFAULT_REMINDER_SETTINGS,
  reminderMessage,
  reminderWhen,
  type ReminderSettings,
  type TomorrowReminders,
} from '../../contracts/reminders/api';
import { whatsappUrl } from '../../contracts/shared/br-documents';
import { addDays, dayRange, DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { TrainerContacts } from '../../contracts/identity/ports';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { trainerNomeOf } from '../domain/session-reminder';

/** The trainer's settings, the defaults until they save their own. */
export async function reminderSettingsOf(db: Db, tenantId: string): Promise<ReminderSettings> {
  return (await reminderSettingsOfEach(db, [tenantId])).get(tenantId) as ReminderSettings;
}

/** Several trainers' settings in one read, by tenant. */
export async function reminderSettingsOfEach(
  db: Db,
  tenantIds: readonly string[],
): Promise<Map<string, ReminderSettings>> {
  const rows = await db
    .selectFrom('reminderSettings')
    .select(['tenantId', 'ativo', 'antecedenciaHoras', 'resumoDiario', 'horaResumo'])
    .where((eb) => eb('tenantId', '=', eb.fn.any(eb.val(tenantIds))))
    .execute();
  const saved = new Map(rows.map(({ tenantId, ...settings }) => [tenantId, settings]));
  return new Map(tenantIds.map((id) => [id, saved.get(id) ?? DEFAULT_REMINDER_SETTINGS]));
}

/**
 * Tomorrow's booked sessions of a trainer (in their time zone), in order, each with a WhatsApp
 * link that has the reminder written: the 'Lembretes de amanhã' list and the trainer's daily e-mail.
 */
export async function tomorrowReminders(
  db: Db,
  tenantId: string,
  trainerNome: string,
  now: Date,
  timeZone = DEFAULT_TIME_ZONE,
): Promise<TomorrowReminders> {
  const dia = addDays(zonedParts(now, timeZone).date, 1);
  const { from, to } = dayRange(dia, timeZone);
  const rows = await db
    .selectFrom('reminderSessions as s')
    .innerJoin('reminderStudents as st', (join) =>
      join.onRef('st.id', '=', 's.studentId').onRef('st.tenantId', '=', 's.tenantId'),
    )
    .leftJoin('reminderLocations as l', (join) =>
      join.onRef('l.id', '=', 's.locationId').onRef('l.tenantId', '=', 's.tenantId'),
    )
    .select([
      's.id as sessionId',
      's.inicio',
      'st.nome as studentNome',
      'st.whatsapp',
      'l.nome as locationNome',
      sql<boolean>`exists (select 1 from reminder_deliveries d
        where d.session_id = s.id and d.inicio = s.inicio and d.canal = 'email')`.as(
        'emailEnviado',
      ),
    ])
    .where('s.tenantId', '=', tenantId)
    .where('s.status', '=', 'agendada')
    .where('s.inicio', '>=', from)
    .where('s.inicio', '<', to)
    .orderBy('s.inicio')
    .execute();
  return {
    dia,
    items: rows.map((row) => ({
      sessionId: row.sessionId,
      inicio: row.inicio.toISOString(),
      studentNome: row.studentNome,
      locationNome: row.locationNome,
      whatsappUrl: row.whatsapp
        ? whatsappUrl(
            row.whatsapp,
            reminderMessage({
              studentNome: row.studentNome,
              trainerNome,
              quando: reminderWhen(row.inicio, now, timeZone),
              locationNome: row.locationNome,
            }),
          )
        : null,
      emailEnviado: row.emailEnviado,
    })),
  };
}

/** What the API reads of the reminders. */
@Injectable()
export class RemindersRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(TrainerContacts) private readonly trainers: TrainerContacts,
  ) {}

  settings(tenantId: string): Promise<ReminderSettings> {
    return reminderSettingsOf(this.db, tenantId);
  }

  /** 'Lembretes de amanhã': the messages tomorrow's sessions will send, naming the trainer. */
  async tomorrow(tenantId: string, now: Date): Promise<TomorrowReminders> {
    const trainer = await this.trainers.contactOf(tenantId);
    return tomorrowReminders(this.db, tenantId, trainerNomeOf(trainer), now);
  }
}
