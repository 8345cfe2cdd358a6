import { Body, Controller, Get, Inject, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TrainerContacts } from '../contracts/identity';
import { type ReminderSettings, reminderSettingsSchema } from '../contracts/reminders';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ReminderSettingsCommands } from './commands/reminder-settings.commands';
import { reminderSettingsStreamId } from './domain/reminder-settings.decider';
import { REMINDER_PROJECTION_NAMES, reminderSettingsProjection } from './projections';
import { RemindersRepository } from './queries/reminders.repository';

/** The reminders' settings and the trainer's 'Lembretes de amanhã'. */
@ApiTags('lembretes')
@ApiBearerAuth()
@Roles('personal')
@Controller()
export class RemindersController {
  constructor(
    @Inject(ReminderSettingsCommands) private readonly commands: ReminderSettingsCommands,
    @Inject(RemindersRepository) private readonly reminders: RemindersRepository,
    @Inject(TrainerContacts) private readonly trainers: TrainerContacts,
  ) {}

  @Get('settings/reminders')
  @ApiOperation({ summary: 'Configurações dos lembretes (padrão até o primeiro salvamento)' })
  @ReadsProjections(reminderSettingsProjection.name)
  settings(@CurrentUser() user: AuthUser): Promise<ReminderSettings> {
    return this.reminders.settings(user.tenantId);
  }

  @Put('settings/reminders')
  @CommandRoute(200, { summary: 'Salva as configurações dos lembretes' }, reminderSettingsSchema)
  saveSettings(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(reminderSettingsSchema)) settings: ReminderSettings,
  ) {
    return this.commands.handle(context, reminderSettingsStreamId(context.tenantId), {
      type: 'SetReminderSettings',
      settings,
    });
  }

  @Get('reminders/tomorrow')
  @ApiOperation({ summary: 'Lembretes de amanhã: as sessões agendadas com links de WhatsApp' })
  @ReadsProjections(...REMINDER_PROJECTION_NAMES)
  async tomorrow(@CurrentUser() user: AuthUser) {
    const trainer = await this.trainers.contactOf(user.tenantId);
    return this.reminders.tomorrow(user.tenantId, trainer?.nome ?? 'seu personal', new Date());
  }
}
