import { Body, Controller, Delete, Get, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { v7 as uuidv7 } from 'uuid';
import {
  availabilitySchema,
  type AvailabilityRow,
  vacationSchema,
  type VacationInput,
} from '../contracts/scheduling';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { AvailabilityCommands } from './commands/availability.commands';
import { VacationCommands } from './commands/vacation.commands';
import { availabilityStreamId } from './domain/availability.decider';
import { AVAILABILITY_PROJECTION, VACATIONS_PROJECTION } from './projections';
import { AgendaSettingsRepository } from './queries/agenda-settings.repository';

const vacationId = idParam('Período');

/** 'Configurar Horários' and 'Modo Férias' of the agenda's settings menu. */
@ApiTags('agenda')
@ApiBearerAuth()
@Roles('personal')
@Controller()
export class AgendaSettingsController {
  constructor(
    @Inject(AvailabilityCommands) private readonly availability: AvailabilityCommands,
    @Inject(VacationCommands) private readonly vacations: VacationCommands,
    @Inject(AgendaSettingsRepository) private readonly settings: AgendaSettingsRepository,
  ) {}

  @Get('availability')
  @ApiOperation({ summary: 'Horários de atendimento, na ordem em que foram salvos' })
  @ReadsProjections(AVAILABILITY_PROJECTION)
  async getAvailability(@CurrentUser() user: AuthUser) {
    return { items: await this.settings.availability(user.tenantId) };
  }

  @Put('availability')
  @CommandRoute(
    200,
    {
      summary:
        'Substitui todos os horários de uma vez (um salvamento que falha mantém os anteriores)',
    },
    availabilitySchema,
  )
  setAvailability(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(availabilitySchema)) { items }: { items: AvailabilityRow[] },
  ) {
    return this.availability.handle(context, availabilityStreamId(context.tenantId), {
      type: 'SetAvailability',
      items,
    });
  }

  @Get('vacations')
  @ApiOperation({ summary: 'Períodos de férias ativos, por data de início' })
  @ReadsProjections(VACATIONS_PROJECTION)
  async listVacations(@CurrentUser() user: AuthUser) {
    return { items: await this.settings.vacations(user.tenantId) };
  }

  @Post('vacations')
  @CommandRoute(
    201,
    {
      summary: 'Ativa férias de startDate a endDate (inclusive): nenhum agendamento nesses dias',
    },
    vacationSchema,
  )
  startVacation(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(vacationSchema)) period: VacationInput,
  ) {
    return this.vacations.handle(context, uuidv7(), { type: 'StartVacation', period });
  }

  @Delete('vacations/:id')
  @CommandRoute(200, { summary: 'Remove o período (sai da lista e deixa de bloquear)' })
  endVacation(@CurrentCommandContext() context: CommandContext, @Param('id') id: string) {
    return this.vacations.handle(context, vacationId(id), { type: 'EndVacation' });
  }
}
