import type { Selectable } from 'kysely';
import { AVULSO_BILLING } from '../../contracts/plans/api';
import { numericFromCentavos } from '../../contracts/shared/money';
import type { Plans } from '../../platform/database/database.types';
import { streamRowProjection } from '../../platform/projections/stream-row-projection';
import { PLAN_EVENT_TYPES, type PlanEvent } from '../domain/plan.events';

/** `plans`: one row per plan with its current terms (valor as numeric(12,2)). */
export const plansProjection = streamRowProjection<PlanEvent, Selectable<Plans>>({
  name: 'plans',
  table: 'plans',
  eventTypes: PLAN_EVENT_TYPES,
  changeType: 'plan',
  nextRow(row, stored) {
    const { event } = stored;
    const stamp = { version: stored.streamVersion, updatedAt: stored.occurredAt };
    if (event.type === 'PlanCreated') {
      const { valorCentavos, cobranca = AVULSO_BILLING, ...terms } = event.data;
      return {
        id: stored.streamId,
        tenantId: stored.tenantId,
        ...terms,
        cobrancaTipo: cobranca.tipo,
        diaVencimento: cobranca.diaVencimento,
        valor: numericFromCentavos(valorCentavos),
        arquivado: false,
        createdAt: stored.occurredAt,
        removedAt: null,
        ...stamp,
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'PlanUpdated': {
        const { valorCentavos, cobranca, ...changes } = event.data;
        const valor =
          valorCentavos === undefined ? {} : { valor: numericFromCentavos(valorCentavos) };
        const billing = cobranca
          ? { cobrancaTipo: cobranca.tipo, diaVencimento: cobranca.diaVencimento }
          : {};
        return { ...row, ...changes, ...valor, ...billing, ...stamp };
      }
      case 'PlanArchived':
        return { ...row, arquivado: true, ...stamp };
      case 'PlanRestored':
        return { ...row, arquivado: false, ...stamp };
      case 'PlanRemoved':
        return { ...row, removedAt: stored.occurredAt, ...stamp };
    }
  },
});
