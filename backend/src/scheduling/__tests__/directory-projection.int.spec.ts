import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import { anaProfile } from '../../../../test/support/spec-events';
import type { LocationEvent } from '../../contracts/locations/events';
import type { StudentLifecycleEvent } from '../../contracts/students/events';
import {
  schedulingLocationsProjection,
  schedulingStudentsProjection,
} from '../projections/directory.projection';

const registered = (visitante?: true): StudentLifecycleEvent => ({
  type: 'StudentRegistered',
  data: anaProfile(visitante && { visitante }),
});
const created: LocationEvent = {
  type: 'LocationCreated',
  data: { nome: 'Academia Centro', cep: null, endereco: null },
};
const UNSEEN = '0190a0b0-0000-7000-8000-000000000001';

describe('scheduling students projection', () => {
  const given = projectionSpec(schedulingStudentsProjection);

  it('keeps the name of a new student, active, and whether a public booking registered them', async () => {
    await given(registered()).then('scheduling_students', [
      { nome: 'Ana Souza', ativo: true, visitante: false, removedAt: null, version: 1 },
    ]);
    await given(registered(true)).then('scheduling_students', [{ visitante: true }]);
  });

  it('renames, deactivates, reactivates and marks a removed student', () =>
    given(registered(true), { type: 'StudentDeactivated', data: {} })
      .when(
        { type: 'StudentUpdated', data: { nome: 'Ana S. Lima' } },
        { type: 'StudentUpdated', data: { email: 'ana@exemplo.com.br' } },
        { type: 'StudentReactivated', data: {} },
        { type: 'StudentRemoved', data: {} },
      )
      .then('scheduling_students', [
        {
          nome: 'Ana S. Lima',
          ativo: true,
          visitante: true,
          removedAt: new Date(SPEC_CLOCK.getTime() + 6_000),
          version: 6,
        },
      ]));

  it('skips the events of a student it never saw registered', () =>
    given(registered())
      .when({ type: 'StudentDeactivated', data: {}, streamId: UNSEEN })
      .then('scheduling_students', [{ nome: 'Ana Souza', ativo: true, version: 1 }]));

  it('tells the tenant which student changed', async () => {
    const spec = given(registered()).when({ type: 'StudentDeactivated', data: {} });
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'directory', id: spec.streamId }]);
  });
});

describe('scheduling locations projection', () => {
  const given = projectionSpec(schedulingLocationsProjection);

  it('keeps the name of a new location, active', () =>
    given(created).then('scheduling_locations', [
      { nome: 'Academia Centro', ativo: true, removedAt: null, version: 1 },
    ]));

  it('renames, deactivates, reactivates and marks a removed location; its policy changes no column', () =>
    given(created, { type: 'LocationDeactivated', data: {} })
      .when(
        { type: 'LocationUpdated', data: { nome: 'Estúdio Centro' } },
        {
          type: 'CancellationPolicySet',
          data: { cancelLimiteHoras: 12, taxaPercent: 50, queimaCredito: true },
        },
        { type: 'LocationReactivated', data: {} },
        { type: 'LocationRemoved', data: {} },
      )
      .then('scheduling_locations', [
        {
          nome: 'Estúdio Centro',
          ativo: true,
          removedAt: new Date(SPEC_CLOCK.getTime() + 6_000),
          version: 6,
        },
      ]));

  it('skips the events of a location it never saw created', () =>
    given(created)
      .when({ type: 'LocationRemoved', data: {}, streamId: UNSEEN })
      .then('scheduling_locations', [{ nome: 'Academia Centro', removedAt: null, version: 1 }]));

  it('tells the tenant which location changed', async () => {
    const spec = given(created).when({ type: 'LocationDeactivated', data: {} });
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'directory', id: spec.streamId }]);
  });
});
