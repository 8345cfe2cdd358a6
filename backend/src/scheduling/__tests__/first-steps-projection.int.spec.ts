import { randomUUID } from 'node:crypto';
import { projectionSpec } from '../../../../test/support/projection-spec';
import { firstStepsProjection } from '../projections/first-steps.projection';

const given = projectionSpec(firstStepsProjection);
const NONE = { local: false, plano: false, aluno: false, sessao: false, pix: false };

const locationCreated = { type: 'LocationCreated', data: { nome: 'Studio Centro' }, streamId: randomUUID() };
const planCreated = { type: 'PlanCreated', data: { nome: 'Pacote 8', valor: 48_000, creditos: 8 }, streamId: randomUUID() };
const studentRegistered = { type: 'StudentRegistered', data: { nome: 'Bruno Lima' }, streamId: randomUUID() };
const sessionBooked = { type: 'SessionBooked', data: { studentId: randomUUID() }, streamId: randomUUID() };
const pixSet = { type: 'PixSettingsSet', data: { chave: 'ana@exemplo.com' }, streamId: randomUUID() };

describe('first steps projection', () => {
  it('ticks each step by the event that does it', () =>
    given(locationCreated, planCreated)
      .when(studentRegistered, sessionBooked, pixSet)
      .then('first_steps', [{ local: true, plano: true, aluno: true, sessao: true, pix: true }]));

  it('leaves the steps not done unticked', () =>
    given(locationCreated).then('first_steps', [{ ...NONE, local: true }]));

  it('does not count a visitor the public page registered as a student the trainer added', () =>
    given({ ...studentRegistered, data: { nome: 'Visitante', visitante: true } }, sessionBooked).then('first_steps', [
      { ...NONE, sessao: true },
    ]));

  it('keeps a step ticked when what did it goes away (removing the location does not undo having made one)', () =>
    given(locationCreated)
      .when({ type: 'LocationRemoved', data: {}, streamId: locationCreated.streamId })
      .then('first_steps', [{ ...NONE, local: true }]));

  it('tells the dashboard once per newly ticked step, not for a second location', async () => {
    const spec = given(locationCreated).when({ ...locationCreated, streamId: randomUUID() }, planCreated);
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'first-steps', id: spec.tenantId }]);
    const again = given(locationCreated).when({ ...locationCreated, streamId: randomUUID() });
    await again.thenChanges([]);
  });
});
