import { Body, Controller, Delete, Get, Inject, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type PlatformConfig } from '../config/config';
import { v7 as uuidv7 } from 'uuid';
import {
  type ConsumeCreditInput,
  consumeCreditSchema,
  createStudentSchema,
  type GrantCreditsInput,
  grantCreditsSchema,
  type StudentProfile,
  type UpdateStudentInput,
  updateStudentSchema,
} from '../contracts/students';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { CommandRoute } from '../platform/http/openapi.decorators';
import { idParam } from '../platform/http/id-param';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { StudentCommands } from './commands/student.commands';
import { CREDIT_LEDGER_PROJECTION, STUDENTS_PROJECTION } from './projections';
import { creditHistoryCsv } from './queries/credit-history-csv';
import { StudentsRepository } from './queries/students.repository';

const studentId = idParam('Aluno');

@ApiTags('students')
@ApiBearerAuth()
@Roles('personal')
@Controller('students')
export class StudentsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
    @Inject(StudentCommands) private readonly commands: StudentCommands,
    @Inject(StudentsRepository) private readonly students: StudentsRepository,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Alunos do personal, por nome' })
  @ReadsProjections(STUDENTS_PROJECTION)
  async list(@CurrentUser() user: AuthUser) {
    return { items: await this.students.list(user.tenantId) };
  }

  @Post()
  @CommandRoute(
    201,
    { summary: 'Cadastra um aluno (0 créditos); 201 { id, position }' },
    createStudentSchema,
  )
  create(
    @CurrentCommandContext() context: CommandContext,
    @Body(new ZodValidationPipe(createStudentSchema)) profile: StudentProfile,
  ) {
    return this.commands.handle(context, uuidv7(), { type: 'RegisterStudent', profile });
  }

  @Get(':id')
  @ApiOperation({ summary: 'Um aluno' })
  @ReadsProjections(STUDENTS_PROJECTION)
  async get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return (await this.students.find(user.tenantId, studentId(id))) ?? studentId.notFound();
  }

  @Patch(':id')
  @CommandRoute(
    200,
    { summary: 'Altera os campos enviados; null limpa um campo opcional' },
    updateStudentSchema,
  )
  update(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(updateStudentSchema)) { ativo, ...changes }: UpdateStudentInput,
  ) {
    return this.commands.handle(context, studentId(id), { type: 'UpdateStudent', changes, ativo });
  }

  @Delete(':id')
  @CommandRoute(200, { summary: 'Remove o aluno (o histórico de créditos continua no log)' })
  remove(@CurrentCommandContext() context: CommandContext, @Param('id') id: string) {
    return this.commands.handle(context, studentId(id), { type: 'RemoveStudent' });
  }

  @Post(':id/credits')
  @CommandRoute(200, { summary: 'Concede créditos (1 a 1000)' }, grantCreditsSchema)
  grant(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(grantCreditsSchema)) input: GrantCreditsInput,
  ) {
    return this.commands.handle(context, studentId(id), { type: 'GrantCredits', ...input });
  }

  @Post(':id/credits/consume')
  @CommandRoute(
    200,
    { summary: 'Consome 1 crédito; 409 no_credits quando o saldo é 0' },
    consumeCreditSchema,
  )
  consume(
    @CurrentCommandContext() context: CommandContext,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(consumeCreditSchema)) input: ConsumeCreditInput,
  ) {
    return this.commands.handle(context, studentId(id), { type: 'ConsumeCredit', ...input });
  }

  @Get(':id/history.csv')
  @ApiOperation({ summary: 'A trilha de auditoria dos créditos em CSV (;, datas pt-BR)' })
  @ApiProduces('text/csv')
  @ReadsProjections(STUDENTS_PROJECTION, CREDIT_LEDGER_PROJECTION)
  async historyCsv(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const items =
      (await this.students.history(user.tenantId, studentId(id))) ?? studentId.notFound();
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="historico-${id}.csv"`);
    return creditHistoryCsv(items, this.config.APP_TIME_ZONE);
  }

  @Get(':id/history')
  @ApiOperation({ summary: 'Trilha de auditoria dos créditos do aluno' })
  @ReadsProjections(STUDENTS_PROJECTION, CREDIT_LEDGER_PROJECTION)
  async history(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const items = await this.students.history(user.tenantId, studentId(id));
    return { items: items ?? studentId.notFound() };
  }
}
