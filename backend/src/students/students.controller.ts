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
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  type ConsumeCreditInput,
  consumeCreditSchema,
  type CreateStudentInput,
  createStudentSchema,
  type GrantCreditsInput,
  grantCreditsSchema,
  type UpdateStudentInput,
  updateStudentSchema,
} from '../contracts/students';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import { NotFoundError } from '../platform/errors/domain-error';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { ApiIdempotencyKey, ApiZodBody } from '../platform/http/openapi.decorators';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { ConsumeCreditCommand } from './commands/one-credit.commands';
import { GrantCreditsCommand } from './commands/grant-credits.command';
import { RegisterStudentCommand } from './commands/register-student.command';
import { RemoveStudentCommand } from './commands/remove-student.command';
import { UpdateStudentCommand } from './commands/update-student.command';
import type { StudentProfile } from './domain/student.events';
import { CREDIT_LEDGER_PROJECTION, STUDENTS_PROJECTION } from './projections';
import { GetStudentHistoryQuery } from './queries/get-student-history.query';
import { GetStudentQuery } from './queries/get-student.query';
import { ListStudentsQuery } from './queries/list-students.query';

/** Unknown ids and other tenants' ids look the same: not found. */
function studentId(id: string): string {
  if (!z.uuid().safeParse(id).success) throw new NotFoundError('Aluno');
  return id;
}

function profileOf(input: CreateStudentInput): StudentProfile {
  return {
    nome: input.nome,
    telefone: input.telefone ?? null,
    whatsapp: input.whatsapp ?? null,
    email: input.email ?? null,
    planoId: input.planoId ?? null,
    observacoes: input.observacoes ?? null,
  };
}

function changesOf(input: UpdateStudentInput): Partial<StudentProfile> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

@ApiTags('students')
@ApiBearerAuth()
@Roles('personal')
@Controller('students')
export class StudentsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Alunos do personal, por nome' })
  @ReadsProjections(STUDENTS_PROJECTION)
  list(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new ListStudentsQuery(user.tenantId));
  }

  @Post()
  @ApiOperation({ summary: 'Cadastra um aluno (0 créditos); 201 { id, position }' })
  @ApiZodBody(createStudentSchema)
  @ApiIdempotencyKey()
  create(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(createStudentSchema)) input: CreateStudentInput,
  ) {
    return this.commands.execute(new RegisterStudentCommand(context, profileOf(input)));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Um aluno' })
  @ReadsProjections(STUDENTS_PROJECTION)
  get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.queries.execute(new GetStudentQuery(user.tenantId, studentId(id)));
  }

  @Patch(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Altera os campos enviados; null limpa um campo opcional' })
  @ApiZodBody(updateStudentSchema)
  @ApiIdempotencyKey()
  update(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateStudentSchema)) input: UpdateStudentInput,
  ) {
    return this.commands.execute(
      new UpdateStudentCommand(context, studentId(id), changesOf(input)),
    );
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove o aluno (o histórico de créditos continua no log)' })
  @ApiIdempotencyKey()
  remove(@CurrentCommandContext() context: CommandContext, @Param('id') id: string) {
    return this.commands.execute(new RemoveStudentCommand(context, studentId(id)));
  }

  @Post(':id/credits')
  @HttpCode(200)
  @ApiOperation({ summary: 'Concede créditos (1 a 1000)' })
  @ApiZodBody(grantCreditsSchema)
  @ApiIdempotencyKey()
  grant(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(grantCreditsSchema)) input: GrantCreditsInput,
  ) {
    return this.commands.execute(
      new GrantCreditsCommand(context, studentId(id), input.amount, input.reason),
    );
  }

  @Post(':id/credits/consume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Consome 1 crédito; 409 no_credits quando o saldo é 0' })
  @ApiZodBody(consumeCreditSchema)
  @ApiIdempotencyKey()
  consume(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(consumeCreditSchema)) input: ConsumeCreditInput,
  ) {
    return this.commands.execute(
      new ConsumeCreditCommand(context, studentId(id), input.reason, input.sessionId),
    );
  }

  @Get(':id/history')
  @ApiOperation({ summary: 'Trilha de auditoria dos créditos do aluno' })
  @ReadsProjections(STUDENTS_PROJECTION, CREDIT_LEDGER_PROJECTION)
  history(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.queries.execute(new GetStudentHistoryQuery(user.tenantId, studentId(id)));
  }
}
