import { Controller, Inject } from '@nestjs/common';
import { remindersApi } from '../contracts/reminders/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ReminderSettingsCommands } from './commands/reminder-settings.commands';
import { REMINDER_PROJECTION_NAMES, reminderSettingsProjection } from './projections';
import { RemindersRepository } from './queries/reminders.repository';

/** The reminders' settings and the trainer's 'Lembretes de amanhã'. */
@Controller()
export class RemindersController {
  constructor(
    @Inject(ReminderSettingsCommands) private readonly commands: ReminderSettingsCommands,
    @Inject(RemindersRepository) private readonly reminders: RemindersRepository,
  ) {}

  @Implements(remindersApi.settings)
  @ReadsProjections(reminderSettingsProjection.name)
  settings(@CurrentUser() user: AuthUser) {
    return this.reminders.settings(user.tenantId);
  }

  @Implements(remindersApi.saveSettings)
  saveSettings(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof remindersApi.saveSettings>,
  ) {
    return this.commands.change(context, {
      type: 'SetReminderSettings',
      settings: body,
    });
  }

  @Implements(remindersApi.tomorrow)
  @ReadsProjections(...REMINDER_PROJECTION_NAMES)
  tomorrow(@CurrentUser() user: AuthUser) {
    return this.reminders.tomorrow(user.tenantId, new Date());
  }
}
