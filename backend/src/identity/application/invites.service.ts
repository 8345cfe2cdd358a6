import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config';
import type { AcceptInviteInput } from '../../contracts/identity/api';
import { StudentDirectory } from '../../contracts/students/ports';
import type { AuthUser } from '../../platform/auth/auth-user';
import { DATABASE, type Db } from '../../platform/database/database.module';
import { NotFoundError } from '../../platform/errors/domain-error';
import { RateLimiter } from '../../platform/http/rate-limiter';
import { entityReferences } from '../../platform/references/entity-references';
import { AcceptInviteHandler } from '../commands/accept-invite.command';
import { InvalidInviteError, StudentHasAccountError } from '../domain/identity.errors';
import type { IdentityConfig } from '../identity.config';
import { AccountRepository } from '../queries/account.repository';
import { InviteRepository } from '../queries/invite.repository';

/** Longer than any token we issue: refused without a query. */
const MAX_TOKEN_LENGTH = 100;

/** A trainer invites a student to make their account; the student sees the invite and accepts it. */
@Injectable()
export class InvitesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(DATABASE) private readonly db: Db,
    @Inject(InviteRepository) private readonly invites: InviteRepository,
    @Inject(AccountRepository) private readonly accounts: AccountRepository,
    @Inject(StudentDirectory) private readonly students: StudentDirectory,
    @Inject(AcceptInviteHandler) private readonly acceptInvite: AcceptInviteHandler,
    @Inject(RateLimiter) private readonly rateLimiter: RateLimiter,
  ) {}

  /** 404 for a student not the trainer's, 409 student_has_account for one who has an account. */
  async create(trainer: AuthUser, studentId: string, now: Date) {
    // The entity registry is written with the student's own events, so a student created a moment
    // ago is found here at once (the students read model may still be catching up).
    const exists = await entityReferences.exists(this.db, trainer.tenantId, {
      kind: 'student',
      id: studentId,
    });
    if (!exists) throw new NotFoundError('Aluno');
    if (await this.accounts.studentHasAccount(trainer.tenantId, studentId))
      throw new StudentHasAccountError();
    const { token, expiresAt } = await this.invites.create(
      { tenantId: trainer.tenantId, studentId, createdBy: trainer.userId },
      now,
    );
    return {
      token,
      inviteUrl: new URL(`/convite/${token}`, this.config.APP_URL).toString(),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** Whom a valid invite is for and from; convite_invalido otherwise. */
  async show(token: string, now: Date) {
    const invite =
      token.length <= MAX_TOKEN_LENGTH ? await this.invites.findValid(token, now) : undefined;
    const [student, trainer] = invite
      ? await Promise.all([
          this.students.find(invite.tenantId, invite.studentId),
          this.accounts.trainerOf(invite.tenantId),
        ])
      : [];
    if (!student || !trainer) throw new InvalidInviteError();
    return { student: { nome: student.nome }, trainer: { nome: trainer.nome } };
  }

  /** Counted as a sign-up of the client's address. */
  async accept(
    token: string,
    input: AcceptInviteInput,
    client: { ip: string; requestId: string },
    now: Date,
  ) {
    await this.rateLimiter.hit('signup', client.ip, this.config.RATE_LIMIT_SIGNUP);
    if (token.length > MAX_TOKEN_LENGTH) throw new InvalidInviteError();
    return this.acceptInvite.execute(token, input, now, client.requestId);
  }
}
