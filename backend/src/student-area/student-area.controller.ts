import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CONTRACT_READ_MODELS } from '../contracts/agreements/ports';
import { CHARGE_READ_MODELS } from '../contracts/charges/ports';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { DEFAULT_TIME_ZONE } from '../contracts/shared/time';
import { studentAreaApi } from '../contracts/student-area/api';
import { STUDENT_READ_MODELS } from '../contracts/students/ports';
import type { SignedInStudent } from '../platform/auth/auth-user';
import { CurrentStudent } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { renderPersonalDataPdf } from '../platform/personal-data/export-pdf';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { StudentAreaService } from './application/student-area.service';

const sessionId = idParam('Sessão', 'feminine');

/** The student's own area: balance, trainer, next sessions, history, and booking their own sessions. */
@Controller()
export class StudentAreaController {
  constructor(@Inject(StudentAreaService) private readonly area: StudentAreaService) {}

  @Implements(studentAreaApi.me)
  // The student's own signatures and cancellations show as soon as they are made.
  @ReadsProjections(...CONTRACT_READ_MODELS, ...STUDENT_READ_MODELS, ...CHARGE_READ_MODELS)
  me(@CurrentStudent() student: SignedInStudent) {
    return this.area.me(student, new Date());
  }

  @Implements(studentAreaApi.history)
  @ReadsProjections(...STUDENT_READ_MODELS)
  history(@CurrentStudent() student: SignedInStudent) {
    return this.area.history(student);
  }

  @Implements(studentAreaApi.locations)
  locationsOf(@CurrentStudent() student: SignedInStudent) {
    return this.area.locationsOf(student);
  }

  @Implements(studentAreaApi.slots)
  openSlots(
    @CurrentStudent() student: SignedInStudent,
    @Input() { query: { locationId, from } }: ParsedInputOf<typeof studentAreaApi.slots>,
  ) {
    return this.area.openSlots(student, locationId, from, new Date());
  }

  @Implements(studentAreaApi.book)
  book(
    @CurrentCommandContext() context: CommandContext,
    @CurrentStudent() student: SignedInStudent,
    @Input() { body }: ParsedInputOf<typeof studentAreaApi.book>,
  ) {
    return this.area.book(context, student, body);
  }

  @Implements(studentAreaApi.cancel)
  cancel(
    @CurrentCommandContext() context: CommandContext,
    @CurrentStudent() student: SignedInStudent,
    @Input() { params }: ParsedInputOf<typeof studentAreaApi.cancel>,
  ) {
    return this.area.cancel(context, student, sessionId(params.id));
  }

  @Implements(studentAreaApi.export)
  @ReadsProjections(...STUDENT_READ_MODELS)
  export(@CurrentStudent() student: SignedInStudent) {
    return this.area.personalData(student);
  }

  @Implements(studentAreaApi.exportPdf)
  @ReadsProjections(...STUDENT_READ_MODELS)
  async exportPdf(
    @CurrentStudent() student: SignedInStudent,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const data = await this.area.personalData(student);
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'attachment; filename="meus-dados.pdf"');
    return renderPersonalDataPdf(data, DEFAULT_TIME_ZONE);
  }

  @Implements(studentAreaApi.requestErasure)
  requestErasure(
    @CurrentCommandContext() context: CommandContext,
    @CurrentStudent() student: SignedInStudent,
  ) {
    return this.area.requestErasure(context, student);
  }
}
