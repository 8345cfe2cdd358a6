import { z } from 'zod';
import { firstNameOf } from '../shared/names';
import { routes } from '../shared/routes';
import { addDays, zonedParts } from '../shared/time';

/** Reminders of sessions: the trainer's settings, the 'Lembretes de amanhã' list and its messages. */

export const reminderSettingsAnswerSchema = z
  .object({
    /** E-mail each student before their session. */
    ativo: z.boolean(),
    /** How long before the session the student's reminder goes out. */
    antecedenciaHoras: z.number().int(),
    /** E-mail the trainer the list of tomorrow's sessions every day. */
    resumoDiario: z.boolean(),
    /** The hour (0–23, the trainer's time zone) of that e-mail. */
    horaResumo: z.number().int(),
  })
  .meta({ id: 'ConfiguracoesDeLembretes' });
export type ReminderSettings = z.infer<typeof reminderSettingsAnswerSchema>;

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  ativo: true,
  antecedenciaHoras: 24,
  resumoDiario: true,
  horaResumo: 20,
};

/** A week ahead at most: further than that a reminder stops being one. */
export const MAX_LEAD_HOURS = 168;

export const reminderSettingsSchema = z.strictObject({
  ativo: z.boolean('Informe se os lembretes estão ativos'),
  antecedenciaHoras: z
    .number('Antecedência inválida')
    .int('A antecedência deve ser um número inteiro de horas')
    .min(1, 'A antecedência deve ser de pelo menos 1 hora')
    .max(MAX_LEAD_HOURS, `A antecedência deve ser de no máximo ${MAX_LEAD_HOURS} horas`),
  resumoDiario: z.boolean('Informe se o resumo diário está ativo'),
  horaResumo: z
    .number('Horário do resumo inválido')
    .int('O horário do resumo deve ser uma hora inteira')
    .min(0, 'O horário do resumo deve ser entre 0 e 23')
    .max(23, 'O horário do resumo deve ser entre 0 e 23'),
});

export const REMINDER_SETTINGS_SAVED = 'Lembretes salvos';

/** One of tomorrow's sessions in the trainer's 'Lembretes de amanhã'. */
export const tomorrowReminderSchema = z
  .object({
    sessionId: z.uuid(),
    inicio: z.iso.datetime({ offset: true }),
    studentNome: z.string(),
    locationNome: z.string().nullable(),
    /** wa.me with the reminder written; null when the student has no WhatsApp. */
    whatsappUrl: z.string().nullable(),
    /**
     * The reminder of the session's time went out by e-mail (not WhatsApp: how that went is the
     * session's `lembrete`).
     */
    emailEnviado: z.boolean(),
  })
  .meta({ id: 'LembreteDeAmanha' });
export type TomorrowReminder = z.infer<typeof tomorrowReminderSchema>;

export const tomorrowRemindersSchema = z
  .object({
    /** Tomorrow in the trainer's time zone. */
    dia: z.iso.date(),
    items: z.array(tomorrowReminderSchema),
  })
  .meta({ id: 'LembretesDeAmanha' });
export type TomorrowReminders = z.infer<typeof tomorrowRemindersSchema>;

/** What the student is told, on WhatsApp and by e-mail. */
export function reminderMessage(reminder: {
  studentNome: string;
  trainerNome: string;
  /** e.g. 'amanhã, 23/11, às 07:00' */
  quando: string;
  locationNome: string | null;
}): string {
  const firstName = firstNameOf(reminder.studentNome);
  const where = reminder.locationNome ? ` em ${reminder.locationNome}` : '';
  return (
    `Olá, ${firstName}! Lembrete do seu treino com ${reminder.trainerNome} ${reminder.quando}${where}. ` +
    'Se não puder comparecer, avise com antecedência.'
  );
}

/** The e-mail that tells a reminded student their session's new time (once the changes settle). */
export function rescheduleMessage(change: {
  studentNome: string;
  trainerNome: string;
  /** e.g. 'amanhã (23/11) às 08:00' */
  quando: string;
  locationNome: string | null;
}): string {
  const firstName = firstNameOf(change.studentNome);
  const where = change.locationNome ? ` em ${change.locationNome}` : '';
  return (
    `Olá, ${firstName}! O horário do seu treino com ${change.trainerNome} mudou: agora é ${change.quando}${where}. ` +
    'Se não puder comparecer, avise com antecedência.'
  );
}

/**
 * When the session is, as a reminder says it to someone at `now` in `timeZone`:
 * 'hoje às 07:00', 'amanhã (23/11) às 07:00' or 'em 25/11 às 07:00'.
 */
export function reminderWhen(inicio: Date, now: Date, timeZone: string): string {
  const session = zonedParts(inicio, timeZone);
  const today = zonedParts(now, timeZone).date;
  const dayMonth = `${session.date.slice(8, 10)}/${session.date.slice(5, 7)}`;
  if (session.date === today) return `hoje às ${session.time}`;
  if (session.date === addDays(today, 1)) return `amanhã (${dayMonth}) às ${session.time}`;
  return `em ${dayMonth} às ${session.time}`;
}

const trainer = routes('lembretes', 'personal');

export const remindersApi = {
  settings: trainer.get('/settings/reminders', {
    summary: 'Configurações dos lembretes (padrão até o primeiro salvamento)',
    answer: reminderSettingsAnswerSchema,
  }),
  saveSettings: trainer.put('/settings/reminders', {
    changes: ['reminder'],
    summary: 'Salva as configurações dos lembretes',
    body: reminderSettingsSchema,
  }),
  tomorrow: trainer.get('/reminders/tomorrow', {
    summary: 'Lembretes de amanhã: as sessões agendadas com links de WhatsApp',
    answer: tomorrowRemindersSchema,
  }),
};
