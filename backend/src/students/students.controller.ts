import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { APP_CONFIG, type PlatformConfig } from '../config/config';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { studentsApi } from '../contracts/students/api';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { renderPersonalDataPdf } from '../platform/personal-data/export-pdf';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { StudentCommands } from './commands/student.commands';
import { StudentErasure } from './commands/student-erasure';
import { CREDIT_LEDGER_PROJECTION, STUDENTS_PROJECTION } from './projections';
import { creditHistoryCsv } from './queries/credit-history-csv';
import { StudentsRepository } from './queries/students.repository';

const studentId = idParam('Aluno');

@Controller()
export class StudentsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
    @Inject(StudentCommands) private readonly commands: StudentCommands,
    @Inject(StudentsRepository) private readonly students: StudentsRepository,
    @Inject(StudentErasure) private readonly erasure: StudentErasure,
  ) {}

  @Implements(studentsApi.list)
  @ReadsProjections(STUDENTS_PROJECTION)
  async list(@CurrentUser() user: AuthUser) {
    return { items: await this.students.list(user.tenantId) };
  }

  @Implements(studentsApi.create)
  create(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof studentsApi.create>,
  ) {
    return this.commands.handle(context, uuidv7(), { type: 'RegisterStudent', profile: body });
  }

  @Implements(studentsApi.get)
  @ReadsProjections(STUDENTS_PROJECTION)
  async get(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof studentsApi.get>,
  ) {
    return (await this.students.find(user.tenantId, studentId(params.id))) ?? studentId.notFound();
  }

  @Implements(studentsApi.update)
  update(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body: { ativo, ...changes } }: ParsedInputOf<typeof studentsApi.update>,
  ) {
    return this.commands.handle(context, studentId(params.id), {
      type: 'UpdateStudent',
      changes,
      ativo,
    });
  }

  @Implements(studentsApi.remove)
  remove(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params }: ParsedInputOf<typeof studentsApi.remove>,
  ) {
    return this.commands.handle(context, studentId(params.id), { type: 'RemoveStudent' });
  }

  @Implements(studentsApi.grantCredits)
  grantCredits(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof studentsApi.grantCredits>,
  ) {
    return this.commands.handle(context, studentId(params.id), { type: 'GrantCredits', ...body });
  }

  @Implements(studentsApi.consumeCredit)
  consumeCredit(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof studentsApi.consumeCredit>,
  ) {
    return this.commands.handle(context, studentId(params.id), { type: 'ConsumeCredit', ...body });
  }

  @Implements(studentsApi.export)
  @ReadsProjections(STUDENTS_PROJECTION)
  async export(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof studentsApi.export>,
  ) {
    return (
      (await this.students.personalData(user.tenantId, studentId(params.id))) ??
      studentId.notFound()
    );
  }

  @Implements(studentsApi.exportPdf)
  @ReadsProjections(STUDENTS_PROJECTION)
  async exportPdf(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof studentsApi.exportPdf>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const id = studentId(params.id);
    const data = (await this.students.personalData(user.tenantId, id)) ?? studentId.notFound();
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="dados-${id}.pdf"`);
    return renderPersonalDataPdf(data, this.config.APP_TIME_ZONE);
  }

  @Implements(studentsApi.erase)
  erase(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof studentsApi.erase>,
  ) {
    return this.erasure.erase(context, studentId(params.id), body.confirm);
  }

  @Implements(studentsApi.removeCredits)
  removeCredits(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body: { amount, motivo } }: ParsedInputOf<typeof studentsApi.removeCredits>,
  ) {
    return this.commands.handle(context, studentId(params.id), {
      type: 'RemoveCredits',
      amount,
      reason: motivo,
    });
  }

  @Implements(studentsApi.historyCsv)
  @ReadsProjections(STUDENTS_PROJECTION, CREDIT_LEDGER_PROJECTION)
  async historyCsv(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof studentsApi.historyCsv>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const id = studentId(params.id);
    const items = (await this.students.history(user.tenantId, id)) ?? studentId.notFound();
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="historico-${id}.csv"`);
    return creditHistoryCsv(items, this.config.APP_TIME_ZONE);
  }

  @Implements(studentsApi.history)
  @ReadsProjections(STUDENTS_PROJECTION, CREDIT_LEDGER_PROJECTION)
  async history(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof studentsApi.history>,
  ) {
    const items = await this.students.history(user.tenantId, studentId(params.id));
    return { items: items ?? studentId.notFound() };
  }
}
