import { deciderSpec } from '../../../../test/support/decider-spec';
import type { LocationDetails } from '../../contracts/locations/api';
import type { LocationEvent } from '../../contracts/locations/events';
import { locationDecider } from '../domain/location.decider';

const given = deciderSpec(locationDecider, new Date('2026-11-24T12:00:00Z'));
const studio: LocationDetails = {
  nome: 'Studio Centro',
  cep: '01310100',
  endereco: 'Av. Paulista, 1000',
  partes: null,
};
const created: LocationEvent = { type: 'LocationCreated', data: studio };
const policy = { cancelLimiteHoras: 24, taxaPercent: 50, queimaCredito: true };

describe('a location', () => {
  it('is created once', () => {
    given().when({ type: 'CreateLocation', details: studio }).then([created]);
    given(created)
      .when({ type: 'CreateLocation', details: studio })
      .thenFails('location_exists', 'Local já cadastrado');
  });

  it('records only the fields that change, and its inactivation and reactivation once each', () => {
    given(created)
      .when({ type: 'UpdateLocation', changes: { nome: 'Studio Paulista' }, ativo: false })
      .then([
        { type: 'LocationUpdated', data: { nome: 'Studio Paulista' } },
        { type: 'LocationDeactivated', data: {} },
      ]);
    const inactive: LocationEvent = { type: 'LocationDeactivated', data: {} };
    given(created, inactive).when({ type: 'UpdateLocation', changes: {}, ativo: false }).then([]);
    given(created, inactive)
      .when({ type: 'UpdateLocation', changes: {}, ativo: true })
      .then([{ type: 'LocationReactivated', data: {} }]);
  });

  it('sets its cancellation policy; the same policy again writes nothing', () => {
    given(created)
      .when({ type: 'SetCancellationPolicy', policy })
      .then([{ type: 'CancellationPolicySet', data: policy }]);
    const set: LocationEvent = { type: 'CancellationPolicySet', data: policy };
    given(created, set)
      .when({ type: 'SetCancellationPolicy', policy: { ...policy } })
      .then([]);
    given(created, set)
      .when({ type: 'SetCancellationPolicy', policy: { ...policy, taxaPercent: 0 } })
      .then([{ type: 'CancellationPolicySet', data: { ...policy, taxaPercent: 0 } }]);
  });

  it('once removed, or never created, is not found for anything', () => {
    const removed: LocationEvent = { type: 'LocationRemoved', data: {} };
    given(created).when({ type: 'RemoveLocation' }).then([removed]);
    for (const history of [[], [created, removed]]) {
      given(...history)
        .when({ type: 'RemoveLocation' })
        .thenFails('not_found', 'Local não encontrado');
      given(...history)
        .when({ type: 'SetCancellationPolicy', policy })
        .thenFails('not_found');
      given(...history)
        .when({ type: 'UpdateLocation', changes: { nome: 'X' } })
        .thenFails('not_found');
    }
  });
});
