import { Controller, Inject } from '@nestjs/common';
import { sessionsApi, STUDENT_SESSIONS_LIMIT } from '../contracts/scheduling/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { idParam } from '../platform/http/id-param';
import { Implements, Input } from '../platform/http/implements';
import { ReadsProjections } from '../platform/projections/reads-projections.decorator';
import { SessionScheduling } from './commands/session-scheduling';
import { AGENDA_PROJECTIONS } from './projections';
import { SessionsRepository } from './queries/sessions.repository';

const sessionId = idParam('Agendamento');
const studentId = idParam('Aluno');

@Controller()
export class SessionsController {
  constructor(
    @Inject(SessionScheduling) private readonly scheduling: SessionScheduling,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
  ) {}

  @Implements(sessionsApi.list)
  @ReadsProjections(...AGENDA_PROJECTIONS)
  async list(
    @CurrentUser() user: AuthUser,
    @Input() { query }: ParsedInputOf<typeof sessionsApi.list>,
  ) {
    return { items: await this.sessions.list(user.tenantId, query) };
  }

  @Implements(sessionsApi.get)
  @ReadsProjections(...AGENDA_PROJECTIONS)
  async get(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof sessionsApi.get>,
  ) {
    return (await this.sessions.find(user.tenantId, sessionId(params.id))) ?? sessionId.notFound();
  }

  @Implements(sessionsApi.ofStudent)
  @ReadsProjections(...AGENDA_PROJECTIONS)
  async ofStudent(
    @CurrentUser() user: AuthUser,
    @Input() { params }: ParsedInputOf<typeof sessionsApi.ofStudent>,
  ) {
    const id = studentId(params.id);
    const found = await this.sessions.ofStudent(
      user.tenantId,
      id,
      new Date(),
      STUDENT_SESSIONS_LIMIT,
    );
    return found ?? studentId.notFound();
  }

  @Implements(sessionsApi.book)
  book(
    @CurrentCommandContext() context: CommandContext,
    @Input() { body }: ParsedInputOf<typeof sessionsApi.book>,
  ) {
    return this.scheduling.book(context, body);
  }

  @Implements(sessionsApi.change)
  change(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, body }: ParsedInputOf<typeof sessionsApi.change>,
  ) {
    return this.scheduling.change(context, sessionId(params.id), body);
  }

  @Implements(sessionsApi.remove)
  remove(
    @CurrentCommandContext() context: CommandContext,
    @Input() { params, query }: ParsedInputOf<typeof sessionsApi.remove>,
  ) {
    return this.scheduling.remove(context, sessionId(params.id), query.scope);
  }
}
