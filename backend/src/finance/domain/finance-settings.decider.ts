import { v5 as uuidv5 } from 'uuid';
import type { AllocationRule } from '../../contracts/finance/api';
import type { Decider } from '../../platform/event-store/decider';
import { eventData, type EventsOf, eventTypesOf } from '../../platform/event-store/event';

export interface GoalsSettings {
  metaMensalCentavos: number;
  /** How much a month the trainer wants to earn in 6 months (absent from saves made before it). */
  metaSeisMesesCentavos?: number;
  metaTrimestralCentavos: number;
  metaAnualCentavos: number;
  moeda: 'BRL';
  fusoHorario: string;
  alocacao: AllocationRule;
}

/** The events of a trainer's finance settings stream: every save replaces the whole settings. */
export const financeSettingsEvents = {
  FinanceGoalsSet: eventData<GoalsSettings>(),
};
export type FinanceSettingsEvent = EventsOf<typeof financeSettingsEvents>;
export const FINANCE_SETTINGS_EVENT_TYPES = eventTypesOf(financeSettingsEvents);

export type FinanceSettingsCommand = { type: 'SetGoals'; settings: GoalsSettings };

/** As last saved; undefined until the first save. */
export type FinanceSettingsState = GoalsSettings | undefined;

/** Namespace of the finance settings streams' ids (fixed forever). */
const FINANCE_SETTINGS_NAMESPACE = '5b0e3f1c-8d2a-4f6e-9c71-2a4d6e8f0b13';

/** The one finance settings stream of a trainer, the same id on every server and every call. */
export const financeSettingsStreamId = (tenantId: string): string =>
  uuidv5(tenantId, FINANCE_SETTINGS_NAMESPACE);

const sameSettings = (a: GoalsSettings, b: GoalsSettings) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The trainer's goals, currency, time zone and allocation rule; saving the same again writes nothing. */
export const financeSettingsDecider: Decider<
  FinanceSettingsCommand,
  FinanceSettingsEvent,
  FinanceSettingsState
> = {
  streamType: 'finance-settings',
  initialState: () => undefined,
  evolve: (_state, event) => event.data,
  decide: (command, state) =>
    state && sameSettings(state, command.settings)
      ? []
      : [{ type: 'FinanceGoalsSet', data: command.settings }],
};
