import { deciderSpec, expectOneStreamPerTrainer } from '../../../../test/support/decider-spec';
import { DEFAULT_REMINDER_SETTINGS } from '../../contracts/reminders/api';
import {
  reminderSettingsDecider,
  reminderSettingsStreamId,
} from '../domain/reminder-settings.decider';

const given = deciderSpec(reminderSettingsDecider, new Date('2026-11-24T12:00:00Z'));

describe("a trainer's reminder settings", () => {
  it('start as the defaults: saving the defaults writes nothing', () => {
    given()
      .when({ type: 'SetReminderSettings', settings: { ...DEFAULT_REMINDER_SETTINGS } })
      .then([]);
  });

  it('a change is saved whole, and saving it again writes nothing', () => {
    const twoHours = { ...DEFAULT_REMINDER_SETTINGS, antecedenciaHoras: 2, resumoDiario: false };
    const changed = { type: 'ReminderSettingsChanged' as const, data: twoHours };
    given().when({ type: 'SetReminderSettings', settings: twoHours }).then([changed]);
    given(changed).when({ type: 'SetReminderSettings', settings: { ...twoHours } }).then([]);
    const off = { ...twoHours, ativo: false };
    given(changed)
      .when({ type: 'SetReminderSettings', settings: off })
      .then([{ type: 'ReminderSettingsChanged', data: off }]);
  });

  it('live on one stream per trainer', () => {
    expectOneStreamPerTrainer(reminderSettingsStreamId);
  });
});
