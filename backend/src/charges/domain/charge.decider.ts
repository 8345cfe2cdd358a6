import { type ChargeStatus, creditsOfRefund } from '../../contracts/charges/api';
import {
  CHARGE_STREAM_TYPE,
  type ChargeCreatedData,
  type ChargePaidData,
} from '../../contracts/charges/events';
import { ConflictError, type DomainError, NotFoundError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';
import type { ChargeEvent } from './charge.events';

export type ChargeCommand =
  | { type: 'CreateCharge'; charge: ChargeCreatedData }
  | ({ type: 'ConfirmCharge' } & ChargePaidData)
  | { type: 'CancelCharge'; motivo?: string }
  /** Its student was erased: cancelled if still owed, left as it is otherwise. */
  | { type: 'CancelErasedStudentsCharge'; motivo: string }
  | { type: 'EndAutomaticDebit'; brCode: string }
  | { type: 'RecordRefund'; devolucaoId: string; endToEndId: string; valorCentavos: number }
  | { type: 'DecideRefundCredits'; remover: boolean };

export type ChargeState =
  | { status: 'absent' }
  | {
      status: ChargeStatus;
      charge: ChargeCreatedData;
      /** A Pix Automático cycle the PSP ended unpaid: paid from then on by its static BR Code. */
      debitoEncerrado?: true;
      /** Given back by the PSP: the devoluções seen, their sum, the credits already decided on. */
      devolucao?: { ids: string[]; centavos: number; creditosDecididos: number };
    };

export const chargeNotFound = () => new NotFoundError('Cobrança', 'feminine');
export const chargeCancelled = () =>
  new ConflictError('charge_cancelled', 'Esta cobrança foi cancelada e não pode ser paga');
export const chargePaid = () =>
  new ConflictError('charge_paid', 'Esta cobrança já foi paga e não pode ser cancelada');
export const chargeNotRefunded = () =>
  new ConflictError('not_refunded', 'Esta cobrança não teve devolução');

const noRefund = { ids: [], centavos: 0, creditosDecididos: 0 };

function evolve(state: ChargeState, event: ChargeEvent): ChargeState {
  switch (event.type) {
    case 'ChargeCreated':
      return { status: 'pendente', charge: event.data };
    case 'ChargePaid':
      return state.status === 'absent' ? state : { ...state, status: 'paga' };
    case 'ChargeCancelled':
      return state.status === 'absent' ? state : { ...state, status: 'cancelada' };
    case 'ChargeAutomaticDebitEnded':
      return state.status === 'absent'
        ? state
        : {
            ...state,
            charge: { ...state.charge, brCode: event.data.brCode },
            debitoEncerrado: true,
          };
    case 'ChargeRefunded': {
      if (state.status === 'absent') return state;
      const devolucao = state.devolucao ?? noRefund;
      return {
        ...state,
        status: 'devolvida',
        devolucao: {
          ...devolucao,
          ids: [...devolucao.ids, event.data.devolucaoId],
          centavos: devolucao.centavos + event.data.valorCentavos,
        },
      };
    }
    case 'ChargeRefundCreditsDecided': {
      if (state.status === 'absent') return state;
      const devolucao = state.devolucao ?? noRefund;
      return {
        ...state,
        devolucao: {
          ...devolucao,
          creditosDecididos: devolucao.creditosDecididos + event.data.creditos,
        },
      };
    }
  }
}

/** The credits of what was given back that the trainer has not decided on yet. */
export function creditsToDecide(state: ChargeState): number {
  if (state.status === 'absent' || !state.devolucao) return 0;
  const { centavos, creditosDecididos } = state.devolucao;
  return Math.max(0, creditsOfRefund(state.charge, centavos) - creditosDecididos);
}

function decide(command: ChargeCommand, state: ChargeState): ChargeEvent[] | DomainError {
  if (command.type === 'CreateCharge') {
    if (state.status !== 'absent') return new ConflictError('charge_exists', 'Cobrança já criada');
    return [{ type: 'ChargeCreated', data: command.charge }];
  }
  if (state.status === 'absent') return chargeNotFound();
  switch (command.type) {
    case 'ConfirmCharge': {
      // A Pix the PSP confirms was received, cancelled here or not (paid before the PSP took the
      // charge off): the money is recorded. By hand, a cancelled charge is not paid.
      if (state.status === 'cancelada' && command.via === 'manual') return chargeCancelled();
      // Paid once: any later confirmation (a retry, the webhook, another tab) changes nothing.
      if (state.status === 'paga' || state.status === 'devolvida') return [];
      const { via, provider, endToEndId } = command;
      return [{ type: 'ChargePaid', data: { via, provider, endToEndId } }];
    }
    case 'CancelCharge':
      if (state.status === 'paga' || state.status === 'devolvida') return chargePaid();
      if (state.status === 'cancelada') return [];
      return [{ type: 'ChargeCancelled', data: command.motivo ? { motivo: command.motivo } : {} }];
    case 'CancelErasedStudentsCharge':
      if (state.status !== 'pendente') return [];
      return [{ type: 'ChargeCancelled', data: { motivo: command.motivo } }];
    case 'EndAutomaticDebit':
      // Only a Pix Automático cycle still owed, once, however often the PSP says it ended.
      if (state.status !== 'pendente' || state.charge.tipoCob !== 'cobr' || state.debitoEncerrado)
        return [];
      return [{ type: 'ChargeAutomaticDebitEnded', data: { brCode: command.brCode } }];
    case 'RecordRefund': {
      // Only what was paid goes back, each devolução once, never more than is still kept.
      if (state.status !== 'paga' && state.status !== 'devolvida') return [];
      const devolucao = state.devolucao ?? noRefund;
      if (devolucao.ids.includes(command.devolucaoId)) return [];
      const valorCentavos = Math.min(
        command.valorCentavos,
        state.charge.valorCentavos - devolucao.centavos,
      );
      if (valorCentavos <= 0) return [];
      const { devolucaoId, endToEndId } = command;
      return [{ type: 'ChargeRefunded', data: { devolucaoId, endToEndId, valorCentavos } }];
    }
    case 'DecideRefundCredits': {
      if (state.status !== 'devolvida') return chargeNotRefunded();
      const creditos = creditsToDecide(state);
      // Decided already (another tab, a retry): nothing more to ask.
      if (creditos === 0) return [];
      return [
        { type: 'ChargeRefundCreditsDecided', data: { creditos, remover: command.remover } },
      ];
    }
  }
}

/**
 * One charge's stream: created pendente, then paid once or cancelled once, never both; a Pix
 * Automático cycle the PSP ended unpaid gets, once, a code to pay it by; a paid one the PSP gave
 * back (in whole or in part) is 'devolvida', and the trainer decides once per refund whether its
 * credits go.
 */
export const chargeDecider: Decider<ChargeCommand, ChargeEvent, ChargeState> = {
  streamType: CHARGE_STREAM_TYPE,
  initialState: () => ({ status: 'absent' }),
  evolve,
  decide: (command, state) => decide(command, state),
};
