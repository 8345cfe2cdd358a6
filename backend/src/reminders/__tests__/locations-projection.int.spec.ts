import { projectionSpec } from '../../../../test/support/projection-spec';
import type { LocationEvent } from '../../contracts/locations/events';
import { reminderLocationsProjection } from '../projections/locations.projection';

const created: LocationEvent = {
  type: 'LocationCreated',
  data: { nome: 'Academia Centro', cep: null, endereco: 'Av. Paulista, 1000' },
};
const given = projectionSpec(reminderLocationsProjection);

describe('reminder locations projection', () => {
  it('keeps the name of a new location', () =>
    given(created).then('reminder_locations', [{ nome: 'Academia Centro', version: 1 }]));

  it('renames it; its state and policy leave the name', () =>
    given(created)
      .when(
        { type: 'LocationUpdated', data: { nome: 'Estúdio Centro' } },
        { type: 'LocationUpdated', data: { endereco: 'Rua Augusta, 10' } },
        { type: 'LocationDeactivated', data: {} },
        {
          type: 'CancellationPolicySet',
          data: { cancelLimiteHoras: 12, taxaPercent: 0, queimaCredito: false },
        },
      )
      .then('reminder_locations', [{ nome: 'Estúdio Centro', version: 5 }]));

  it('keeps the name of a removed location, for the reminders of its past sessions', () =>
    given(created)
      .when({ type: 'LocationRemoved', data: {} })
      .then('reminder_locations', [{ nome: 'Academia Centro', version: 2 }]));

  it('skips the events of a location it never saw created', () =>
    given(created)
      .when({
        type: 'LocationUpdated',
        data: { nome: 'Outro' },
        streamId: '0190a0b0-0000-7000-8000-000000000001',
      })
      .then('reminder_locations', [{ nome: 'Academia Centro', version: 1 }]));

  it('tells the tenant which location changed', async () => {
    const spec = given(created).when({ type: 'LocationUpdated', data: { nome: 'Estúdio Centro' } });
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'reminder', id: spec.streamId }]);
  });
});
