import { type AllocationRule, splitAllocations, TRANSACTION_ALREADY_VOIDED } from '../../contracts/finance/api';
import { TRANSACTION_STREAM_TYPE, type TransactionFacts } from '../../contracts/finance/events';
import { ConflictError, type DomainError, NotFoundError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';
import type { TransactionStreamEvent } from './transaction.events';

/** What the trainer (or a charge) records; allocations left out are split by `rule`. */
export type TransactionInput = Omit<TransactionFacts, 'allocations'> & {
  allocations?: TransactionFacts['allocations'];
};

export type TransactionCommand =
  | { type: 'RecordTransaction'; input: TransactionInput; rule: AllocationRule }
  | { type: 'VoidTransaction' };

export type TransactionState =
  { status: 'absent' } | { status: 'ativa' | 'estornada'; facts: TransactionFacts };

/** 404 for an unknown transaction, or another tenant's. */
export const transactionNotFound = () =>
  new NotFoundError('Transação', 'feminine');

const initialState = (): TransactionState => ({ status: 'absent' });

function evolve(state: TransactionState, event: TransactionStreamEvent): TransactionState {
  switch (event.type) {
    case 'TransactionRecorded':
      return { status: 'ativa', facts: event.data };
    case 'TransactionVoided':
      return state.status === 'absent' ? state : { ...state, status: 'estornada' };
  }
}

/** A receita's allocations: the ones given (zeros dropped) or the rule's split; none for a despesa. */
export function allocationsOf(input: TransactionInput, rule: AllocationRule) {
  if (input.tipo === 'despesa') return [];
  if (input.allocations)
    return input.allocations.filter((allocation) => allocation.valorCentavos > 0);
  return splitAllocations(input.valorCentavos, rule);
}

function decide(
  command: TransactionCommand,
  state: TransactionState,
): TransactionStreamEvent[] | DomainError {
  switch (command.type) {
    case 'RecordTransaction': {
      if (state.status !== 'absent')
        return new ConflictError('transaction_exists', 'Transação já registrada');
      const { input, rule } = command;
      return [
        {
          type: 'TransactionRecorded',
          data: { ...input, allocations: allocationsOf(input, rule) },
        },
      ];
    }
    case 'VoidTransaction':
      if (state.status === 'absent') return transactionNotFound();
      if (state.status === 'estornada')
        return new ConflictError(
          TRANSACTION_ALREADY_VOIDED.code,
          TRANSACTION_ALREADY_VOIDED.message,
        );
      return [{ type: 'TransactionVoided', data: state.facts }];
  }
}

/**
 * One transaction's stream: recorded once (a receita with its allocations, always summing to its
 * valor), voided at most once. Never deleted: a voided one stays in the history, out of every total.
 */
export const transactionDecider: Decider<
  TransactionCommand,
  TransactionStreamEvent,
  TransactionState
> = {
  streamType: TRANSACTION_STREAM_TYPE,
  initialState,
  evolve,
  decide: (command, state) => decide(command, state),
};
