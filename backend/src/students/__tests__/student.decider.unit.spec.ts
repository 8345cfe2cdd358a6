import { deciderSpec } from '../../../../test/support/decider-spec';
import { anaProfile } from '../../../../test/support/spec-events';
import type { StudentProfile } from '../../contracts/students/api';
import { studentDecider } from '../domain/student.decider';
import type { StudentEvent } from '../domain/student.events';

const NOW = new Date('2026-11-21T12:00:00Z');
const SESSION = '0190a0b0-0000-7000-8000-000000000001';
const profile: StudentProfile = anaProfile();
const registered: StudentEvent = { type: 'StudentRegistered', data: profile };
const granted = (amount: number, balanceAfter: number): StudentEvent => ({
  type: 'CreditsGranted',
  data: { amount, reason: 'Plano', transactionId: null, balanceAfter },
});

const given = deciderSpec(studentDecider, NOW);

describe('student decider', () => {
  it('registers a new student', () => {
    given().when({ type: 'RegisterStudent', profile }).then([registered]);
  });

  it('records a student asking that their data be erased, once', () => {
    const requested: StudentEvent = { type: 'ErasureRequested', data: {} };
    given(registered).when({ type: 'RequestErasure' }).then([requested]);
    given(registered, requested)
      .when({ type: 'RequestErasure' })
      .thenFails('erasure_already_requested');
    given().when({ type: 'RequestErasure' }).thenFails('not_found');
  });

  it('refuses to register the same stream twice', () => {
    given(registered).when({ type: 'RegisterStudent', profile }).thenFails('student_exists');
  });

  it('grants credits and records the balance after', () => {
    given(registered, granted(2, 2))
      .when({ type: 'GrantCredits', amount: 8, reason: 'Renovação' })
      .then([
        {
          type: 'CreditsGranted',
          data: { amount: 8, reason: 'Renovação', transactionId: null, balanceAfter: 10 },
        },
      ]);
  });

  it('refuses grants outside 1..1000 credits', () => {
    given(registered)
      .when({ type: 'GrantCredits', amount: 0, reason: 'x' })
      .thenFails('validation_error');
    given(registered)
      .when({ type: 'GrantCredits', amount: 1001, reason: 'x' })
      .thenFails('validation_error');
    given(registered)
      .when({ type: 'GrantCredits', amount: 1.5, reason: 'x' })
      .thenFails('validation_error');
  });

  it('consumes one credit while the balance is above zero', () => {
    given(registered, granted(1, 1))
      .when({ type: 'ConsumeCredit', reason: 'Treino', sessionId: SESSION })
      .then([
        { type: 'CreditConsumed', data: { reason: 'Treino', sessionId: SESSION, balanceAfter: 0 } },
      ]);
  });

  it('refuses to consume at zero credits', () => {
    given(registered)
      .when({ type: 'ConsumeCredit', reason: 'Treino' })
      .thenFails('no_credits', 'Aluno sem créditos disponíveis');
    given(registered, granted(1, 1), {
      type: 'CreditConsumed',
      data: { reason: 'Treino', sessionId: null, balanceAfter: 0 },
    })
      .when({ type: 'BurnCredit', reason: 'Falta' })
      .thenFails('no_credits');
  });

  it('charges a session only once', () => {
    given(registered, granted(5, 5), {
      type: 'CreditConsumed',
      data: { reason: 'Treino', sessionId: SESSION, balanceAfter: 4 },
    })
      .when({ type: 'BurnCredit', reason: 'Cancelamento tardio', sessionId: SESSION })
      .thenFails('session_already_charged');
  });

  it('refunds the credit of a charged session, once', () => {
    const consumed: StudentEvent = {
      type: 'CreditConsumed',
      data: { reason: 'Treino', sessionId: SESSION, balanceAfter: 0 },
    };
    given(registered, granted(1, 1), consumed)
      .when({ type: 'RefundCredit', reason: 'Cancelado a tempo', sessionId: SESSION })
      .then([
        {
          type: 'CreditRefunded',
          data: { reason: 'Cancelado a tempo', sessionId: SESSION, balanceAfter: 1 },
        },
      ]);
    given(registered, granted(1, 1), consumed, {
      type: 'CreditRefunded',
      data: { reason: 'Cancelado a tempo', sessionId: SESSION, balanceAfter: 1 },
    })
      .when({ type: 'RefundCredit', reason: 'De novo', sessionId: SESSION })
      .thenFails('nothing_to_refund');
  });

  it('burns a credit as a penalty', () => {
    given(registered, granted(3, 3))
      .when({ type: 'BurnCredit', reason: 'Cancelamento tardio', sessionId: SESSION })
      .then([
        {
          type: 'CreditBurned',
          data: { reason: 'Cancelamento tardio', sessionId: SESSION, balanceAfter: 2 },
        },
      ]);
  });

  it('removes credits down to zero, never below, and records the balance after', () => {
    given(registered, granted(8, 8))
      .when({ type: 'RemoveCredits', amount: 8, reason: 'Desfazer renovação' })
      .then([
        { type: 'CreditsRemoved', data: { amount: 8, reason: 'Desfazer renovação', balanceAfter: 0 } },
      ]);
    given(registered, granted(8, 8), {
      type: 'CreditConsumed',
      data: { reason: 'Treino', sessionId: null, balanceAfter: 7 },
    })
      .when({ type: 'RemoveCredits', amount: 8, reason: 'Desfazer renovação' })
      .thenFails('no_credits', 'O aluno tem 7 créditos: não é possível remover mais do que isso');
    given(registered)
      .when({ type: 'RemoveCredits', amount: 1, reason: 'Engano' })
      .thenFails('no_credits', 'O aluno tem 0 créditos: não é possível remover mais do que isso');
    given(registered, granted(2, 2))
      .when({ type: 'RemoveCredits', amount: 0, reason: 'Engano' })
      .thenFails('validation_error');
  });

  it('updates only the given fields and appends nothing for no change', () => {
    given(registered)
      .when({ type: 'UpdateStudent', changes: { observacoes: 'Joelho' } })
      .then([{ type: 'StudentUpdated', data: { observacoes: 'Joelho' } }]);
    given(registered).when({ type: 'UpdateStudent', changes: {} }).then([]);
  });

  it('treats an unknown or removed student as not found', () => {
    given()
      .when({ type: 'ConsumeCredit', reason: 'Treino' })
      .thenFails('not_found', 'Aluno não encontrado');
    given(registered, { type: 'StudentRemoved', data: {} })
      .when({ type: 'GrantCredits', amount: 1, reason: 'x' })
      .thenFails('not_found');
    given(registered, { type: 'StudentRemoved', data: {} })
      .when({ type: 'RemoveStudent' })
      .thenFails('not_found');
  });
});
