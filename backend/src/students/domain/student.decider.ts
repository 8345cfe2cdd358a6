import {
  ConflictError,
  type DomainError,
  NotFoundError,
  ValidationError,
} from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';
import { MAX_CREDITS_PER_GRANT } from '../../contracts/students/api';
import type { StudentProfile } from '../../contracts/students/api';
import type { StudentEvent } from './student.events';

export type StudentCommand =
  | { type: 'RegisterStudent'; profile: StudentProfile; visitante?: true }
  | { type: 'UpdateStudent'; changes: Partial<StudentProfile>; ativo?: boolean }
  | { type: 'RemoveStudent' }
  | { type: 'GrantCredits'; amount: number; reason: string; transactionId?: string }
  | { type: 'ConsumeCredit'; reason: string; sessionId?: string }
  | { type: 'RefundCredit'; reason: string; sessionId?: string }
  | { type: 'BurnCredit'; reason: string; sessionId?: string }
  /** `upToBalance`: as many as there are, never below zero (a refunded payment's credits). */
  | { type: 'RemoveCredits'; amount: number; reason: string; upToBalance?: true }
  | { type: 'RequestErasure' };

export interface StudentState {
  status: 'absent' | 'active' | 'removed';
  ativo: boolean;
  planoId: string | null;
  creditos: number;
  /** Sessions whose credit was consumed or burned and not refunded. */
  chargedSessions: readonly string[];
  /** The student asked that their data be erased (the trainer has not erased them yet). */
  erasureRequested: boolean;
}

export const noCredits = () => new ConflictError('no_credits', 'Aluno sem créditos disponíveis');
const notEnoughCredits = (creditos: number) =>
  new ConflictError(
    'no_credits',
    `O aluno tem ${creditos} ${creditos === 1 ? 'crédito' : 'créditos'}: não é possível remover mais do que isso`,
  );
export const sessionAlreadyCharged = () =>
  new ConflictError('session_already_charged', 'O crédito desta sessão já foi debitado');
export const nothingToRefund = () =>
  new ConflictError('nothing_to_refund', 'Não há crédito desta sessão para devolver');
const studentNotFound = () => new NotFoundError('Aluno');
export const erasureAlreadyRequested = () =>
  new ConflictError(
    'erasure_already_requested',
    'Você já pediu a exclusão dos seus dados: o personal vai confirmar',
  );

const initialState = (): StudentState => ({
  status: 'absent',
  ativo: true,
  planoId: null,
  creditos: 0,
  chargedSessions: [],
  erasureRequested: false,
});

function evolve(state: StudentState, event: StudentEvent): StudentState {
  switch (event.type) {
    case 'StudentRegistered':
      return { ...initialState(), status: 'active', planoId: event.data.planoId };
    case 'StudentUpdated':
      return event.data.planoId === undefined ? state : { ...state, planoId: event.data.planoId };
    case 'StudentDeactivated':
      return { ...state, ativo: false };
    case 'StudentReactivated':
      return { ...state, ativo: true };
    case 'StudentRemoved':
      return { ...state, status: 'removed' };
    case 'ErasureRequested':
      return { ...state, erasureRequested: true };
    case 'CreditsGranted':
      return { ...state, creditos: state.creditos + event.data.amount };
    case 'CreditsRemoved':
      return { ...state, creditos: state.creditos - event.data.amount };
    case 'CreditConsumed':
    case 'CreditBurned': {
      const { sessionId } = event.data;
      return {
        ...state,
        creditos: state.creditos - 1,
        chargedSessions: sessionId ? [...state.chargedSessions, sessionId] : state.chargedSessions,
      };
    }
    case 'CreditRefunded': {
      const { sessionId } = event.data;
      return {
        ...state,
        creditos: state.creditos + 1,
        chargedSessions: sessionId
          ? state.chargedSessions.filter((charged) => charged !== sessionId)
          : state.chargedSessions,
      };
    }
  }
}

const isCreditAmount = (amount: number) =>
  Number.isInteger(amount) && amount >= 1 && amount <= MAX_CREDITS_PER_GRANT;
const badAmount = () =>
  new ValidationError(
    `Campo 'Quantidade' deve ser um número inteiro entre 1 e ${MAX_CREDITS_PER_GRANT}`,
    'amount',
  );

function decide(command: StudentCommand, state: StudentState): StudentEvent[] | DomainError {
  if (command.type === 'RegisterStudent') {
    if (state.status !== 'absent')
      return new ConflictError('student_exists', 'Aluno já cadastrado');
    const { profile, visitante } = command;
    return [{ type: 'StudentRegistered', data: visitante ? { ...profile, visitante } : profile }];
  }
  if (state.status !== 'active') return studentNotFound();

  switch (command.type) {
    case 'UpdateStudent': {
      const events: StudentEvent[] = [];
      if (Object.keys(command.changes).length > 0)
        events.push({ type: 'StudentUpdated', data: command.changes });
      if (command.ativo === false && state.ativo)
        events.push({ type: 'StudentDeactivated', data: {} });
      if (command.ativo === true && !state.ativo)
        events.push({ type: 'StudentReactivated', data: {} });
      return events;
    }
    case 'RemoveStudent':
      return [{ type: 'StudentRemoved', data: {} }];
    case 'RequestErasure':
      return state.erasureRequested
        ? erasureAlreadyRequested()
        : [{ type: 'ErasureRequested', data: {} }];
    case 'GrantCredits': {
      const { amount } = command;
      if (!isCreditAmount(amount)) return badAmount();
      const data = { amount, reason: command.reason, transactionId: command.transactionId ?? null };
      return [{ type: 'CreditsGranted', data: { ...data, balanceAfter: state.creditos + amount } }];
    }
    case 'RemoveCredits': {
      const { reason } = command;
      if (!isCreditAmount(command.amount)) return badAmount();
      const amount = command.upToBalance ? Math.min(command.amount, state.creditos) : command.amount;
      if (amount === 0 && command.upToBalance) return [];
      if (amount > state.creditos) return notEnoughCredits(state.creditos);
      return [
        { type: 'CreditsRemoved', data: { amount, reason, balanceAfter: state.creditos - amount } },
      ];
    }
    case 'ConsumeCredit':
    case 'BurnCredit': {
      if (command.sessionId && state.chargedSessions.includes(command.sessionId))
        return sessionAlreadyCharged();
      if (state.creditos <= 0) return noCredits();
      const data = {
        reason: command.reason,
        sessionId: command.sessionId ?? null,
        balanceAfter: state.creditos - 1,
      };
      return [
        command.type === 'ConsumeCredit'
          ? { type: 'CreditConsumed', data }
          : { type: 'CreditBurned', data },
      ];
    }
    case 'RefundCredit': {
      if (command.sessionId && !state.chargedSessions.includes(command.sessionId))
        return nothingToRefund();
      return [
        {
          type: 'CreditRefunded',
          data: {
            reason: command.reason,
            sessionId: command.sessionId ?? null,
            balanceAfter: state.creditos + 1,
          },
        },
      ];
    }
  }
}

/** One student's stream: profile and credit balance, credits never below zero. */
export const studentDecider: Decider<StudentCommand, StudentEvent, StudentState> = {
  streamType: 'student',
  initialState,
  evolve,
  decide: (command, state) => decide(command, state),
};
