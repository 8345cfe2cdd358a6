import { Controller, Inject, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG } from '../config/config';
import { identityApi } from '../contracts/identity/api';
import type { ParsedInputOf } from '../contracts/shared/routes';
import { StudentDirectory } from '../contracts/students/ports';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { DATABASE, type Db } from '../platform/database/database.module';
import { NotFoundError } from '../platform/errors/domain-error';
import { entityReferences } from '../platform/references/entity-references';
import { Implements, Input } from '../platform/http/implements';
import { AcceptInviteHandler } from './commands/accept-invite.command';
import { InvalidInviteError, StudentHasAccountError } from './domain/identity.errors';
import type { IdentityConfig } from './identity.config';
import { RateLimiter } from '../platform/http/rate-limiter';
import { AccountRepository } from './queries/account.repository';
import { InviteRepository } from './queries/invite.repository';

const MAX_TOKEN_LENGTH = 100;

@Controller()
export class InvitesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(DATABASE) private readonly db: Db,
    @Inject(InviteRepository) private readonly invites: InviteRepository,
    @Inject(AccountRepository) private readonly accounts: AccountRepository,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
    @Inject(AcceptInviteHandler) private readonly acceptInvite: AcceptInviteHandler,
    @Inject(RateLimiter) private readonly rateLimiter: RateLimiter,
  ) {}

  @Implements(identityApi.createInvite)
  async create(
    @CurrentUser() user: AuthUser,
    @Input() { body: { studentId } }: ParsedInputOf<typeof identityApi.createInvite>,
  ) {
    // The entity registry is written with the student's own events, so a student created a moment
    // ago is found here at once (the students read model may still be catching up).
    const exists = await entityReferences.exists(this.db, user.tenantId, {
      kind: 'student',
      id: studentId,
    });
    if (!exists) throw new NotFoundError('Aluno');
    if (await this.accounts.studentHasAccount(user.tenantId, studentId))
      throw new StudentHasAccountError();
    const { token, expiresAt } = await this.invites.create(
      { tenantId: user.tenantId, studentId, createdBy: user.userId },
      new Date(),
    );
    return {
      token,
      inviteUrl: new URL(`/convite/${token}`, this.config.APP_URL).toString(),
      expiresAt: expiresAt.toISOString(),
    };
  }

  @Implements(identityApi.invite)
  async show(@Input() { params: { token } }: ParsedInputOf<typeof identityApi.invite>) {
    const invite =
      token.length <= MAX_TOKEN_LENGTH
        ? await this.invites.findValid(token, new Date())
        : undefined;
    const [student, trainer] = invite
      ? await Promise.all([
          this.students.find(invite.tenantId, invite.studentId),
          this.accounts.trainerOf(invite.tenantId),
        ])
      : [];
    if (!student || !trainer) throw new InvalidInviteError();
    return { student: { nome: student.nome }, trainer: { nome: trainer.nome } };
  }

  @Implements(identityApi.acceptInvite)
  async accept(
    @Input() { params: { token }, body: input }: ParsedInputOf<typeof identityApi.acceptInvite>,
    @Req() request: FastifyRequest,
  ) {
    await this.rateLimiter.hit('signup', request.ip, this.config.RATE_LIMIT_SIGNUP);
    if (token.length > MAX_TOKEN_LENGTH) throw new InvalidInviteError();
    return this.acceptInvite.execute(token, input, new Date(), request.id);
  }
}
