import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  type BookSessionInput,
  bookSessionSchema,
  deleteSessionQuerySchema,
  sessionRangeQuerySchema,
  type UpdateSessionInput,
  updateSessionSchema,
} from '../contracts/scheduling';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { ApiIdempotencyKey, CommandRoute } from '../platform/http/openapi.decorators';
import { parseOrThrow, ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { SessionScheduling } from './commands/session-scheduling';
import { AGENDA_PROJECTIONS } from './projections';
import { SessionsRepository } from './queries/sessions.repository';

const sessionId = idParam('Agendamento');

@ApiTags('sessions')
@ApiBearerAuth()
@Roles('personal')
@Controller('sessions')
export class SessionsController {
  constructor(
    @Inject(SessionScheduling) private readonly scheduling: SessionScheduling,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Sessões que começam em [from, to) (instantes ISO 8601, até 450 dias), por início, com os nomes do aluno e do local',
  })
  @ApiQuery({ name: 'from', required: true, description: 'Instante inicial (inclusive)' })
  @ApiQuery({ name: 'to', required: true, description: 'Instante final (exclusive)' })
  @ReadsProjections(...AGENDA_PROJECTIONS)
  async list(@CurrentUser() user: AuthUser, @Query() query: unknown) {
    return {
      items: await this.sessions.list(user.tenantId, parseOrThrow(sessionRangeQuerySchema, query)),
    };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Uma sessão' })
  @ReadsProjections(...AGENDA_PROJECTIONS)
  async get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return (await this.sessions.find(user.tenantId, sessionId(id))) ?? sessionId.notFound();
  }

  @Post()
  @CommandRoute(
    201,
    {
      summary:
        "Agenda uma sessão: 201 { id, position, warning? }; com repeat, uma por semana: 201 { created, refused, position }. 400 invalid_range; 404 aluno/local; 409 blocked_period, schedule_conflict (allowOverlap: true agenda assim mesmo); warning 'outside_availability' fora dos horários",
    },
    bookSessionSchema,
  )
  book(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(bookSessionSchema)) input: BookSessionInput,
  ) {
    return this.scheduling.book(context, input);
  }

  @Patch(':id')
  @CommandRoute(
    200,
    {
      summary:
        "Altera a sessão (scope 'following': esta e as próximas da série, deslocadas igualmente): horários pela mesma guarda; status feita consome 1 crédito (warning 'no_credits' com saldo 0), de feita para outro devolve, cancelada tarde com queima de crédito queima 1",
    },
    updateSessionSchema,
  )
  change(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateSessionSchema)) input: UpdateSessionInput,
  ) {
    return this.scheduling.change(context, sessionId(id), input);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exclui a sessão (?scope=following: esta e as próximas da série); libera o horário',
  })
  @ApiQuery({ name: 'scope', required: false, enum: ['one', 'following'] })
  @ApiIdempotencyKey()
  remove(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Query() query: unknown,
  ) {
    const { scope } = parseOrThrow(deleteSessionQuerySchema, query);
    return this.scheduling.remove(context, sessionId(id), scope);
  }
}
