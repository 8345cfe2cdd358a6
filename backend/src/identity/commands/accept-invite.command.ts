import { Inject, Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { AcceptInviteInput } from '../../contracts/identity/api';
import { InvalidInviteError } from '../domain/identity.errors';
import { describeMailFailure } from '../../platform/mail/mailer';
import { AccountEmails } from '../infrastructure/account-emails';
import { EmailTokens } from '../infrastructure/email-tokens';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { AccountRepository } from '../queries/account.repository';
import { InviteRepository } from '../queries/invite.repository';
import { TenantCommands } from './tenant.commands';

/**
 * A student creates their own account from an invite: StudentAccountCreated on the trainer's
 * tenant stream (with their WhatsApp opt-in) and, in the same transaction, the invite spent and the
 * account rows written.
 */
@Injectable()
export class AcceptInviteHandler {
  private readonly logger = new Logger('AcceptInvite');

  constructor(
    @Inject(TenantCommands) private readonly tenants: TenantCommands,
    @Inject(InviteRepository) private readonly invites: InviteRepository,
    @Inject(AccountRepository) private readonly accounts: AccountRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(EmailTokens) private readonly emailTokens: EmailTokens,
    @Inject(AccountEmails) private readonly accountEmails: AccountEmails,
  ) {}

  async execute(
    token: string,
    input: AcceptInviteInput,
    now: Date,
    correlationId: string,
  ): Promise<{ id: string }> {
    const invite = await this.invites.findValid(token, now);
    if (!invite) throw new InvalidInviteError();
    const passwordHash = await this.hasher.hash(input.password);
    const userId = uuidv7();
    let confirmationToken = '';
    await this.tenants.handle(
      { tenantId: invite.tenantId, actorId: userId, actorRole: 'aluno', correlationId },
      invite.tenantId,
      {
        type: 'CreateStudentAccount',
        userId,
        studentId: invite.studentId,
        whatsapp: input.whatsapp === true,
      },
      {
        alsoInTransaction: async (trx) => {
          if (!(await this.invites.claim(trx, token, now))) throw new InvalidInviteError();
          await this.accounts.createStudentAccount(trx, { ...input, userId, ...invite });
          await this.accounts.setPassword(trx, userId, passwordHash);
          confirmationToken = await this.emailTokens.create(userId, 'confirm_email', now, trx);
        },
      },
    );
    await this.accountEmails
      .sendConfirmation(input.email, input.nome, confirmationToken)
      .catch((error: unknown) =>
        this.logger.error(
          `Falha ao enviar a confirmação de e-mail do usuário ${userId}: ${describeMailFailure(error)}`,
        ),
      );
    return { id: userId };
  }
}
