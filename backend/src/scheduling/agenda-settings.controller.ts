import { Controller, Inject } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { agendaSettingsApi } from '../contracts/scheduling/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { AvailabilityCommands } from './commands/availability.commands';
import { VacationCommands } from './commands/vacation.commands';
import { AVAILABILITY_PROJECTION, VACATIONS_PROJECTION } from './projections';
import { AgendaSettingsRepository } from './queries/agenda-settings.repository';

const vacationId = idParam('Período');

/** 'Configurar Horários' and 'Modo Férias' of the agenda's settings menu. */
@Controller()
export class AgendaSettingsController {
  constructor(
    @Inject(AvailabilityCommands) private readonly availability: AvailabilityCommands,
    @Inject(VacationCommands) private readonly vacations: VacationCommands,
    @Inject(AgendaSettingsRepository) private readonly settings: AgendaSettingsRepository,
  ) {}

  @Implements(agendaSettingsApi.availability)
  @ReadsProjections(AVAILABILITY_PROJECTION)
  async getAvailability(@CurrentUser() user: AuthUser) {
    return { items: await this.settings.availability(user.tenantId) };
  }

  @Implements(agendaSettingsApi.setAvailability)
  setAvailability(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof agendaSettingsApi.setAvailability>,
  ) {
    return this.availability.change(context, {
      type: 'SetAvailability',
      items: body.items,
    });
  }

  @Implements(agendaSettingsApi.vacations)
  @ReadsProjections(VACATIONS_PROJECTION)
  async listVacations(@CurrentUser() user: AuthUser) {
    return { items: await this.settings.vacations(user.tenantId) };
  }

  @Implements(agendaSettingsApi.startVacation)
  startVacation(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof agendaSettingsApi.startVacation>,
  ) {
    return this.vacations.handle(context, uuidv7(), { type: 'StartVacation', period: body });
  }

  @Implements(agendaSettingsApi.endVacation)
  endVacation(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof agendaSettingsApi.endVacation>,
  ) {
    return this.vacations.handle(context, vacationId(params.id), { type: 'EndVacation' });
  }
}
