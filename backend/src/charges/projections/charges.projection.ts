import { PERSONAL_DATA_REMOVED } from '../../contracts/shared/personal-data';
import type { Selectable } from 'kysely';
import { numericFromCentavos } from '../../contracts/shared/money';
import type { Charges } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { CHARGE_STREAM_EVENT_TYPES, type ChargeEvent } from '../domain/charge.events';

/** `charges`: one row per charge, with its status and when it was paid or cancelled. */
export const chargesProjection = streamRowProjection<ChargeEvent, Selectable<Charges>>({
  name: 'charges',
  table: 'charges',
  eventTypes: CHARGE_STREAM_EVENT_TYPES,
  changeType: 'charge',
  // The student's own area lists what they owe: their socket hears of their charges.
  studentOf: (row) => row.studentId,
  // Amounts, dates and status stay: the trainer's fiscal record.
  personalData: {
    subject: 'student_id',
    set: { student_nome: PERSONAL_DATA_REMOVED, telefone: null },
  },
  nextRow(row, stored) {
    const { event } = stored;
    if (event.type === 'ChargeCreated') {
      const {
        valorCentavos,
        origem,
        provedor,
        vencimento,
        sessionId,
        tipoCob,
        subscriptionId,
        ciclo,
        ...charge
      } = event.data;
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        ...charge,
        origem: origem ?? 'avulsa',
        provedor: provedor ?? 'manual',
        vencimento: vencimento ?? null,
        sessionId: sessionId ?? null,
        motivo: null,
        pagamento: tipoCob === 'cobr' ? 'pix-automatico' : 'pix',
        valor: numericFromCentavos(valorCentavos),
        status: 'pendente',
        version: stored.streamVersion,
        createdAt: stored.occurredAt,
        paidAt: null,
        cancelledAt: null,
      };
    }
    if (!row) return undefined;
    const version = stored.streamVersion;
    switch (event.type) {
      case 'ChargePaid':
        return { ...row, status: 'paga', paidAt: stored.occurredAt, version };
      case 'ChargeCancelled':
        return {
          ...row,
          status: 'cancelada',
          cancelledAt: stored.occurredAt,
          motivo: event.data.motivo ?? null,
          version,
        };
      case 'ChargeAutomaticDebitEnded':
        return { ...row, pagamento: 'pix', brCode: event.data.brCode, version };
    }
  },
});
