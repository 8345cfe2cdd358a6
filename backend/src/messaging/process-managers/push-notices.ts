import { chargeEvents } from '../../contracts/charges/events';
import { firstNameOf } from '../../contracts/shared/names';
import { PushNotifications } from '../../contracts/messaging/ports';
import { RESCHEDULE_REQUESTED_LABEL } from '../../contracts/scheduling/api';
import {
  evolveSessionView,
  sessionLifecycleEvents,
  sessionReminderAnswerEvents,
  type SessionView,
} from '../../contracts/scheduling/events';
import { StudentDirectory } from '../../contracts/students/ports';
import { formatCentavos } from '../../contracts/shared/money';
import { DEFAULT_TIME_ZONE, zonedParts } from '../../contracts/shared/time';
import { eventOf, pickEvents, type StoredEventOf } from '../../platform/event-store/event';
import { readStreamOf } from '../../platform/event-store/event-store';
import type { WorkerServices } from '../../platform/context/worker-services';
import { processManager } from '../../platform/projections/process-manager';

const reactsTo = {
  ...pickEvents(chargeEvents, ['ChargeCreated', 'ChargePaid']),
  ...pickEvents(sessionLifecycleEvents, ['SessionBooked']),
  ...pickEvents(sessionReminderAnswerEvents, ['SessionRescheduleRequested']),
};

/** A notice about what happened longer ago than this is no news (a first run over an old log). */
const NEWS_MS = 24 * 3_600_000;

/** The screens a tap opens. */
export const PUSH_URLS = {
  aluno: '/aluno',
  agenda: '/agenda',
  cobrancas: '/financeiro/cobrancas',
} as const;

/** '10/05 às 07:00' in the tenant's zone. */
function dayAndTime(instant: string): string {
  const { date, time } = zonedParts(new Date(instant), DEFAULT_TIME_ZONE);
  const [, month, day] = date.split('-');
  return `${day}/${month} às ${time}`;
}

/** The agenda opened on the day of `instant` (the tenant's zone). */
const agendaDayUrl = (instant: string) =>
  `${PUSH_URLS.agenda}?modo=dia&data=${zonedParts(new Date(instant), DEFAULT_TIME_ZONE).date}`;

/** The session as it stood when `event`, one of its stream's, happened. */
async function sessionAt(
  services: WorkerServices,
  event: StoredEventOf<typeof reactsTo>,
): Promise<SessionView | undefined> {
  const stream = await readStreamOf(
    services.db,
    event.tenantId,
    event.streamId,
    sessionLifecycleEvents,
  );
  return stream
    .filter((stored) => stored.globalPosition <= event.globalPosition)
    .reduce<SessionView | undefined>(
      (view, stored) => evolveSessionView(view, eventOf(stored)),
      undefined,
    );
}

async function amountOf(
  services: WorkerServices,
  paid: StoredEventOf<typeof reactsTo>,
): Promise<number | undefined> {
  const stream = await readStreamOf(services.db, paid.tenantId, paid.streamId, chargeEvents);
  for (const stored of stream)
    if (stored.eventType === 'ChargeCreated') return stored.data.valorCentavos;
  return undefined;
}

/**
 * What goes out by push as it happens: a new charge to its student; a booking on the public page
 * ('Novo agendamento público'), a charge paid ('Pagamento recebido') and a student's 'Preciso
 * remarcar' ('Aluno pediu para remarcar', opening the agenda on the session's day) to the trainer.
 * Each is queued under its event, so the same event handled again is pushed once.
 */
export const pushNoticesProcessManager = processManager({
  name: 'push-notices',
  reactsTo,
  async handle(events, services): Promise<void> {
    const outbox = services.port(PushNotifications);
    // A push that cannot be queued (Redis away) is dropped: the reaction is not held up for it.
    const push = {
      notify: (...args: Parameters<PushNotifications['notify']>) =>
        outbox
          .notify(...args)
          .catch((error: unknown) =>
            services.logger.warn(`push: ${args[1]} não enfileirado: ${String(error)}`),
          ),
    };
    const since = services.now().getTime() - NEWS_MS;
    for (const stored of events) {
      if (stored.occurredAt.getTime() < since) continue;
      const cause = `${stored.eventType}-${stored.globalPosition}`;
      const { tenantId } = stored;
      switch (stored.eventType) {
        case 'ChargeCreated':
          await push.notify({ tenantId, studentId: stored.data.studentId }, cause, {
            title: 'Nova cobrança',
            body: `${stored.data.planNome}: ${formatCentavos(stored.data.valorCentavos)}. Pague pelo Pix Copia e Cola.`,
            url: PUSH_URLS.aluno,
          });
          break;
        case 'ChargePaid': {
          const valor = await amountOf(services, stored);
          await push.notify({ tenantId, trainer: true }, cause, {
            title: 'Pagamento recebido',
            body:
              valor === undefined
                ? 'Uma cobrança foi paga.'
                : `Uma cobrança de ${formatCentavos(valor)} foi paga.`,
            url: PUSH_URLS.cobrancas,
          });
          break;
        }
        case 'SessionBooked':
          if (stored.data.origin !== 'publico') break;
          await push.notify({ tenantId, trainer: true }, cause, {
            title: 'Novo agendamento público',
            body: `Sessão em ${dayAndTime(stored.data.inicio)}, a confirmar.`,
            url: PUSH_URLS.agenda,
          });
          break;
        case 'SessionRescheduleRequested': {
          const session = await sessionAt(services, stored);
          if (!session) break;
          const nome = (
            await services.port(StudentDirectory).names(tenantId, [session.studentId])
          ).get(session.studentId);
          const firstName = nome ? firstNameOf(nome) : 'O aluno';
          await push.notify({ tenantId, trainer: true }, cause, {
            title: RESCHEDULE_REQUESTED_LABEL,
            body: `${firstName} pediu para remarcar a sessão de ${dayAndTime(session.inicio)}.`,
            url: agendaDayUrl(session.inicio),
          });
        }
      }
    }
  },
});
