import { isDeepStrictEqual } from 'node:util';
import { v5 as uuidv5 } from 'uuid';
import type { PixSettings } from '../../contracts/charges/pix';
import type { Decider } from '../../platform/event-store/decider';
import type { PixSettingsEvent } from './charge.events';

export type PixSettingsCommand = { type: 'SetPixSettings'; settings: PixSettings };
export type PixSettingsState = PixSettings | undefined;

/** Namespace of the PIX settings streams' ids (fixed forever). */
const PIX_SETTINGS_NAMESPACE = 'c1f7a0d2-4b3e-4f59-8a61-7d2e9b0c5f34';

/** The one PIX settings stream of a trainer. */
export const pixSettingsStreamId = (tenantId: string): string =>
  uuidv5(tenantId, PIX_SETTINGS_NAMESPACE);

/** The receiver's key, name and city; saving the same again writes nothing. */
export const pixSettingsDecider: Decider<PixSettingsCommand, PixSettingsEvent, PixSettingsState> = {
  streamType: 'pix-settings',
  initialState: () => undefined,
  evolve: (_state, event) => event.data,
  decide: (command, state) =>
    isDeepStrictEqual(state, command.settings)
      ? []
      : [{ type: 'PixSettingsSet', data: command.settings }],
};

/** Namespace of the receitas paid charges record (fixed forever). */
const CHARGE_RECEITA_NAMESPACE = '8e4d2b61-0f7c-4a93-b5e8-3c1a9d7f2e60';

/** The receita a paid charge records: the same id for the same charge, whoever records it. */
export const receitaIdOf = (chargeId: string): string => uuidv5(chargeId, CHARGE_RECEITA_NAMESPACE);

/**
 * The receita that keeps what a charge still holds after refund `devolucaoId` (the receita standing
 * before it is voided): the same id whoever settles the refund.
 */
export const keptReceitaIdOf = (chargeId: string, devolucaoId: string): string =>
  uuidv5(`${chargeId}:${devolucaoId}`, CHARGE_RECEITA_NAMESPACE);
