import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import { anaProfile } from '../../../../test/support/spec-events';
import type { StudentEvent } from '../domain/student.events';
import { studentsProjection } from '../projections/students.projection';

const registered: StudentEvent = {
  type: 'StudentRegistered',
  data: anaProfile({ email: 'ana@exemplo.com.br', visitante: true }),
};
const given = projectionSpec(studentsProjection);

describe('students projection', () => {
  it('keeps a new student active with no credits (a visitor like any other)', () =>
    given(registered).then('students', [
      {
        nome: 'Ana Souza',
        whatsapp: '11999998888',
        email: 'ana@exemplo.com.br',
        ativo: true,
        creditos: 0,
        removedAt: null,
        erasureRequestedAt: null,
        version: 1,
      },
    ]));

  it('shows the balance after the last credit movement', () =>
    given(registered)
      .when(
        { type: 'CreditsGranted', data: { amount: 8, reason: 'Plano', transactionId: null, balanceAfter: 8 } },
        { type: 'CreditConsumed', data: { reason: 'Treino', sessionId: null, balanceAfter: 7 } },
        { type: 'CreditBurned', data: { reason: 'Falta', sessionId: null, balanceAfter: 6 } },
        { type: 'CreditRefunded', data: { reason: 'Cancelada', sessionId: null, balanceAfter: 7 } },
        { type: 'CreditsRemoved', data: { amount: 2, reason: 'Renovação desfeita', balanceAfter: 5 } },
      )
      .then('students', [{ creditos: 5, version: 6 }]));

  it('changes the profile fields updated, the active flag, and marks removal and erasure requests', () =>
    given(registered, { type: 'StudentDeactivated', data: {} })
      .when(
        { type: 'StudentUpdated', data: { nome: 'Ana S. Lima', email: null } },
        { type: 'StudentReactivated', data: {} },
        { type: 'ErasureRequested', data: {} },
        { type: 'StudentRemoved', data: {} },
      )
      .then('students', [
        {
          nome: 'Ana S. Lima',
          email: null,
          whatsapp: '11999998888',
          ativo: true,
          erasureRequestedAt: new Date(SPEC_CLOCK.getTime() + 5_000),
          removedAt: new Date(SPEC_CLOCK.getTime() + 6_000),
          version: 6,
        },
      ]));

  it('tells the tenant and the student themself which student changed', async () => {
    const spec = given(registered).when({ type: 'StudentDeactivated', data: {} });
    await spec.thenChanges([
      { tenantId: spec.tenantId, type: 'student', id: spec.streamId, studentId: spec.streamId },
    ]);
  });
});
