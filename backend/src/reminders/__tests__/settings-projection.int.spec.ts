import { projectionSpec } from '../../../../test/support/projection-spec';
import type { ReminderSettingsEvent } from '../domain/reminder-settings.decider';
import { reminderSettingsProjection } from '../projections/settings.projection';

const changed = (data: ReminderSettingsEvent['data']): ReminderSettingsEvent => ({
  type: 'ReminderSettingsChanged',
  data,
});
const given = projectionSpec(reminderSettingsProjection);

describe('reminder settings projection', () => {
  it("keeps a trainer's settings once changed from the defaults", () =>
    given(changed({ ativo: true, antecedenciaHoras: 2, resumoDiario: false, horaResumo: 20 })).then(
      'reminder_settings',
      [{ ativo: true, antecedenciaHoras: 2, resumoDiario: false, horaResumo: 20, version: 1 }],
    ));

  it('keeps the settings as last saved', () =>
    given(changed({ ativo: true, antecedenciaHoras: 2, resumoDiario: false, horaResumo: 20 }))
      .when(changed({ ativo: false, antecedenciaHoras: 48, resumoDiario: true, horaResumo: 7 }))
      .then('reminder_settings', [
        { ativo: false, antecedenciaHoras: 48, resumoDiario: true, horaResumo: 7, version: 2 },
      ]));

  it("tells the trainer's browsers", async () => {
    const spec = given().when(
      changed({ ativo: false, antecedenciaHoras: 24, resumoDiario: true, horaResumo: 20 }),
    );
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'reminder', id: spec.streamId }]);
  });
});
