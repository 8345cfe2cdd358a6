import { PERSONAL_DATA_REMOVED } from '../../contracts/shared/personal-data';
import type { Selectable } from 'kysely';
import { creditsOfRefund } from '../../contracts/charges/api';
import { centavosFromNumeric, numericFromCentavos } from '../../contracts/shared/money';
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
        valorDevolvido: '0.00',
        creditosPendentes: 0,
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
      case 'ChargeRefunded': {
        // The credits still to decide: those of all that went back, less those decided on.
        const charge = { creditos: row.creditos, valorCentavos: centavosFromNumeric(row.valor) };
        const before = centavosFromNumeric(row.valorDevolvido);
        const after = before + event.data.valorCentavos;
        const decided = creditsOfRefund(charge, before) - row.creditosPendentes;
        return {
          ...row,
          status: 'devolvida',
          valorDevolvido: numericFromCentavos(after),
          creditosPendentes: Math.max(0, creditsOfRefund(charge, after) - decided),
          version,
        };
      }
      case 'ChargeRefundCreditsDecided':
        return {
          ...row,
          creditosPendentes: Math.max(0, row.creditosPendentes - event.data.creditos),
          version,
        };
    }
  },
});
