import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import type { LocationEvent } from '../../contracts/locations/events';
import { locationsProjection } from '../projections/locations.projection';

const created: LocationEvent = {
  type: 'LocationCreated',
  data: { nome: 'Academia Centro', cep: '01310100', endereco: 'Av. Paulista, 1000' },
};
const given = projectionSpec(locationsProjection);

describe('locations projection', () => {
  it('keeps a new location active under the default policy (24 h, no fee, credit kept)', () =>
    given(created).then('locations', [
      {
        nome: 'Academia Centro',
        cep: '01310100',
        endereco: 'Av. Paulista, 1000',
        ativo: true,
        cancelLimiteHoras: 24,
        taxaPercent: '0.00',
        queimaCredito: false,
        removedAt: null,
        version: 1,
      },
    ]));

  it('changes only the fields updated, its policy, and whether it is active', () =>
    given(created, { type: 'LocationDeactivated', data: {} })
      .when(
        { type: 'LocationUpdated', data: { nome: 'Estúdio Centro' } },
        { type: 'CancellationPolicySet', data: { cancelLimiteHoras: 12, taxaPercent: 50, queimaCredito: true } },
        { type: 'LocationReactivated', data: {} },
      )
      .then('locations', [
        {
          nome: 'Estúdio Centro',
          endereco: 'Av. Paulista, 1000',
          ativo: true,
          cancelLimiteHoras: 12,
          taxaPercent: '50.00',
          queimaCredito: true,
          version: 5,
        },
      ]));

  it('marks a removed location, keeping the row', () =>
    given(created)
      .when({ type: 'LocationRemoved', data: {} })
      .then('locations', [{ removedAt: new Date(SPEC_CLOCK.getTime() + 2_000), version: 2 }]));

  it('tells the browsers of the tenant and of every student which location changed', async () => {
    const spec = given(created).when({ type: 'LocationDeactivated', data: {} });
    await spec.thenChanges([
      { tenantId: spec.tenantId, type: 'location', id: spec.streamId, allStudents: true },
    ]);
  });
});
