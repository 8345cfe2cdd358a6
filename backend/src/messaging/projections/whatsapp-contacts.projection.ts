import {
  STUDENT_CHANNELS_EVENT_TYPES,
  type StudentChannelsEvent,
} from '../../contracts/messaging/events';
import {
  STUDENT_LIFECYCLE_EVENT_TYPES,
  type StudentLifecycleEvent,
} from '../../contracts/students/events';
import {
  eventsOfTypes,
  type Projection,
  type ProjectionChange,
} from '../../platform/projections/projection';
import { whatsAppNumberOf } from '../domain/whatsapp-templates';

const EVENT_TYPES = [...STUDENT_LIFECYCLE_EVENT_TYPES, ...STUDENT_CHANNELS_EVENT_TYPES];

/**
 * `whatsapp_contacts`: how each student is reached — their WhatsApp number (their WhatsApp, else
 * their telefone, as WhatsApp numbers it), the channels chosen, the consent with its evidence,
 * 'PARAR' and 'não entregue'. A new number clears 'não entregue'. An erased student's row goes.
 */
export const whatsAppContactsProjection: Projection = {
  name: 'whatsapp-contacts',
  tables: ['whatsapp_contacts'],
  eventTypes: EVENT_TYPES,
  personalData: [{ table: 'whatsapp_contacts', subject: 'student_id', set: {}, deleteRows: true }],
  async apply(batch, trx) {
    const changes: ProjectionChange[] = [];
    for (const stored of eventsOfTypes<StudentLifecycleEvent | StudentChannelsEvent>(
      batch,
      EVENT_TYPES,
    )) {
      const { event, tenantId } = stored;
      const upsert = async (
        studentId: string,
        values: Partial<{
          telefone: string | null;
          whatsapp: boolean;
          email: boolean;
          push: boolean;
          consentimentoComo: string | null;
          consentimentoEm: Date | null;
          consentimentoPor: string | null;
          paradoEm: Date | null;
          naoEntregue: boolean;
        }>,
      ) => {
        await trx
          .insertInto('whatsappContacts')
          .values({ tenantId, studentId, ...values })
          .onConflict((conflict) => conflict.columns(['tenantId', 'studentId']).doUpdateSet(values))
          .execute();
        changes.push({ tenantId, type: 'student', id: studentId });
      };
      switch (event.type) {
        case 'StudentRegistered':
          await upsert(stored.streamId, {
            telefone: whatsAppNumberOf(event.data.whatsapp ?? event.data.telefone),
          });
          break;
        case 'StudentUpdated': {
          if (event.data.whatsapp === undefined && event.data.telefone === undefined) break;
          const current = await trx
            .selectFrom('whatsappContacts')
            .select('telefone')
            .where('tenantId', '=', tenantId)
            .where('studentId', '=', stored.streamId)
            .executeTakeFirst();
          // Their WhatsApp decides; their telefone only stands in when they have none.
          const { whatsapp, telefone: phone } = event.data;
          const telefone =
            whatsapp !== undefined && whatsapp !== null
              ? whatsAppNumberOf(whatsapp)
              : whatsapp === null
                ? whatsAppNumberOf(phone)
                : (current?.telefone ?? whatsAppNumberOf(phone));
          await upsert(stored.streamId, {
            telefone,
            ...(telefone !== current?.telefone && { naoEntregue: false }),
          });
          break;
        }
        case 'StudentChannelsChosen': {
          const { studentId, whatsapp, email, push } = event.data;
          await upsert(studentId, { whatsapp, email, push });
          break;
        }
        case 'WhatsAppConsentGiven': {
          const { studentId, como, quando, registradoPor } = event.data;
          await upsert(studentId, {
            consentimentoComo: como,
            consentimentoEm: new Date(quando),
            consentimentoPor: registradoPor,
            paradoEm: null,
            naoEntregue: false,
          });
          break;
        }
        case 'WhatsAppConsentWithdrawn':
          await upsert(event.data.studentId, {
            whatsapp: false,
            consentimentoComo: null,
            consentimentoEm: null,
            consentimentoPor: null,
            paradoEm: event.data.como === 'parar' ? new Date(event.data.quando) : null,
          });
          break;
        case 'WhatsAppUndeliverable':
          await upsert(event.data.studentId, { naoEntregue: true });
          break;
        default:
          break;
      }
    }
    return changes;
  },
};
