import { v5 as uuidv5 } from 'uuid';
import { CLOSE_ACCOUNT_MESSAGE, confirmsClosing } from '../../contracts/identity/api';
import {
  type DataErasureEvent,
  DATA_ERASURE_STREAM_TYPE,
} from '../../contracts/shared/personal-data';
import {
  type DomainError,
  NotFoundError,
  ValidationError,
} from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';

const CLOSING_NAMESPACE = '2c1e9b7a-4f63-4d2a-8e15-7b0c9d3f6a58';

/** An account's closing has a stream of its own: one per tenant, so it happens once. */
export const accountClosingStreamId = (tenantId: string): string =>
  uuidv5(tenantId, CLOSING_NAMESPACE);

export interface CloseAccount {
  type: 'CloseAccount';
  /** What the trainer typed. */
  confirm: string;
}

type AccountClosed = Extract<DataErasureEvent, { type: 'AccountClosed' }>;

export const accountClosingDecider: Decider<CloseAccount, AccountClosed, { closed: boolean }> = {
  streamType: DATA_ERASURE_STREAM_TYPE,
  initialState: () => ({ closed: false }),
  evolve: () => ({ closed: true }),
  decide(command, state): AccountClosed[] | DomainError {
    if (state.closed) return new NotFoundError('Conta', 'feminine');
    if (!confirmsClosing(command.confirm))
      return new ValidationError(CLOSE_ACCOUNT_MESSAGE, 'confirm');
    return [{ type: 'AccountClosed', data: {} }];
  },
};
