import { projectionSpec } from '../../../../test/support/projection-spec';
import { anaProfile } from '../../../../test/support/spec-events';
import type { StudentLifecycleEvent } from '../../contracts/students/events';
import { reminderStudentsProjection } from '../projections/students.projection';

const registered: StudentLifecycleEvent = {
  type: 'StudentRegistered',
  data: anaProfile({ telefone: '1133334444', email: 'ana@exemplo.com.br' }),
};
const given = projectionSpec(reminderStudentsProjection);

describe('reminder students projection', () => {
  it('keeps who a new student is and where a reminder reaches them', () =>
    given(registered).then('reminder_students', [
      {
        nome: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        whatsapp: '11999998888',
        ativo: true,
        version: 1,
      },
    ]));

  it('changes the name and the contacts updated, and clears the ones removed', () =>
    given(registered)
      .when(
        { type: 'StudentUpdated', data: { nome: 'Ana S. Lima', email: null } },
        { type: 'StudentUpdated', data: { telefone: null } },
      )
      .then('reminder_students', [
        { nome: 'Ana S. Lima', email: null, whatsapp: '11999998888', ativo: true, version: 3 },
      ]));

  it('sends to an inactive or removed student no more, and again once reactivated', async () => {
    const deactivated: StudentLifecycleEvent = { type: 'StudentDeactivated', data: {} };
    await given(registered)
      .when(deactivated)
      .then('reminder_students', [{ ativo: false, version: 2 }]);
    await given(registered, deactivated)
      .when({ type: 'StudentReactivated', data: {} })
      .then('reminder_students', [{ ativo: true, version: 3 }]);
    await given(registered)
      .when({ type: 'StudentRemoved', data: {} })
      .then('reminder_students', [{ ativo: false, version: 2 }]);
  });

  it('skips the events of a student it never saw registered', () =>
    given(registered)
      .when({
        type: 'StudentDeactivated',
        data: {},
        streamId: '0190a0b0-0000-7000-8000-000000000001',
      })
      .then('reminder_students', [{ ativo: true, version: 1 }]));

  it('tells the tenant which student changed', async () => {
    const spec = given(registered).when({ type: 'StudentDeactivated', data: {} });
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'reminder', id: spec.streamId }]);
  });
});
