import { sql } from 'kysely';
import { onboardingEvents } from '../../contracts/identity/events';
import { numericFromCentavos, toCentavos } from '../../contracts/shared/money';
import { DEFAULT_TIME_ZONE } from '../../contracts/shared/time';
import { eventsIn, eventTypesOf } from '../../platform/event-store/event';
import type { Projection, ProjectionChange } from '../../platform/projections/projection';
import { financeSettingsEvents } from '../domain/finance-settings.decider';

const readEvents = { ...financeSettingsEvents, ...onboardingEvents };

/** A goal typed in the onboarding chat, as centavos within numeric(12,2) (0 when it makes no sense). */
function seededGoal(reais: number): number {
  if (!Number.isFinite(reais) || reais <= 0) return 0;
  try {
    return Math.min(toCentavos(Math.round(reais * 100) / 100), 99_999_999_999);
  } catch {
    return 0;
  }
}

/**
 * `finance_settings`: the goals the summary and /ajustes/configuracoes read. The onboarding's "how
 * much a month in 6 months" is the 6-month target; the monthly goal is the trainer's to set.
 */
export const financeSettingsProjection: Projection = {
  name: 'finance-settings',
  tables: ['finance_settings'],
  eventTypes: eventTypesOf(readEvents),
  async apply(batch, trx) {
    const changes = new Map<string, ProjectionChange>();
    for (const stored of eventsIn(batch, readEvents)) {
      if (stored.eventType === 'FinanceGoalsSet') {
        const { data } = stored;
        const row = {
          tenantId: stored.tenantId,
          metaMensal: numericFromCentavos(data.metaMensalCentavos),
          metaTrimestral: numericFromCentavos(data.metaTrimestralCentavos),
          metaAnual: numericFromCentavos(data.metaAnualCentavos),
          moeda: data.moeda,
          fusoHorario: data.fusoHorario,
          alocacao: JSON.stringify(data.alocacao),
          goalsSet: true,
          updatedAt: stored.occurredAt,
          // A save from before the 6-month target keeps the onboarding's.
          ...(data.metaSeisMesesCentavos !== undefined && {
            metaSeisMeses: numericFromCentavos(data.metaSeisMesesCentavos),
          }),
        };
        await trx
          .insertInto('financeSettings')
          .values(row)
          .onConflict((conflict) => conflict.column('tenantId').doUpdateSet(row))
          .execute();
      } else {
        const { data } = stored;
        const meta = numericFromCentavos(seededGoal(data.onboardingData.meta_faturamento_6meses));
        await trx
          .insertInto('financeSettings')
          .values({
            tenantId: stored.tenantId,
            metaMensal: '0.00',
            metaSeisMeses: meta,
            metaTrimestral: '0.00',
            metaAnual: '0.00',
            moeda: 'BRL',
            fusoHorario: DEFAULT_TIME_ZONE,
            alocacao: null,
            goalsSet: false,
            updatedAt: stored.occurredAt,
          })
          .onConflict((conflict) =>
            conflict
              .column('tenantId')
              .doUpdateSet({ metaSeisMeses: meta, updatedAt: stored.occurredAt })
              .where(sql.ref('finance_settings.goals_set'), '=', false),
          )
          .execute();
      }
      changes.set(stored.tenantId, {
        tenantId: stored.tenantId,
        type: 'finance-goals',
        id: stored.tenantId,
      });
    }
    return [...changes.values()];
  },
};
