import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { SignUpInput } from '../../contracts/identity/api';
import type { Database } from '../../platform/database/database';
import { describeMailFailure } from '../../platform/mail/mailer';
import { AccountEmails } from '../infrastructure/account-emails';
import { EmailTokens } from '../infrastructure/email-tokens';
import { PasswordHasher } from '../infrastructure/password-hasher';
import {
  AccountRepository,
  type NewTrainerAccount,
  SlugTaken,
} from '../queries/account.repository';
import { TenantCommands } from './tenant.commands';

export interface RegisteredTrainer {
  userId: string;
  tenantId: string;
  slug: string;
}

type NewTrainer = Omit<NewTrainerAccount, 'userId' | 'tenantId' | 'slug'> & {
  /** Writes of the sign-up method (password, provider identity), in the same transaction. */
  credentials: (trx: Transaction<Database>, userId: string) => Promise<void>;
};

/** Concurrent sign-ups with one name each lose at most once per sign-up ahead of them. */
const MAX_SLUG_RACES = 50;

/**
 * Sign-up of a trainer: RegisterTrainer on the new tenant's stream (TenantCreated +
 * TrainerRegistered) and, in the same transaction, the account rows with the tenant's public slug.
 */
@Injectable()
export class RegisterTrainerHandler {
  private readonly logger = new Logger('RegisterTrainer');

  constructor(
    @Inject(TenantCommands) private readonly tenants: TenantCommands,
    @Inject(AccountRepository) private readonly accounts: AccountRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(EmailTokens) private readonly emailTokens: EmailTokens,
    @Inject(AccountEmails) private readonly accountEmails: AccountEmails,
  ) {}

  /**
   * Sign-up with e-mail and password; the e-mail is confirmed later through the link sent.
   * `confirmationSent`: whether that link went anywhere the trainer can read it.
   */
  async execute(
    input: SignUpInput,
    now: Date,
    correlationId: string,
  ): Promise<RegisteredTrainer & { confirmationSent: boolean }> {
    // Hashing is the slow part: done before the transaction opens.
    const passwordHash = await this.hasher.hash(input.password);
    let confirmationToken = '';
    const trainer = await this.register(
      {
        ...input,
        emailConfirmedAt: null,
        credentials: async (trx, userId) => {
          await this.accounts.setPassword(trx, userId, passwordHash);
          confirmationToken = await this.emailTokens.create(userId, 'confirm_email', now, trx);
        },
      },
      correlationId,
    );
    // The account exists either way; a mail outage must not turn a sign-up into an error.
    const confirmationSent = await this.accountEmails
      .sendConfirmation(input.email, input.nome, confirmationToken)
      .catch((error: unknown) => {
        this.logger.error(
          `Falha ao enviar a confirmação de e-mail do usuário ${trainer.userId}: ${describeMailFailure(error)}`,
        );
        return false;
      });
    return { ...trainer, confirmationSent };
  }

  /** First sign-in through an identity provider that vouched for the e-mail: no password, already confirmed. */
  registerFromProvider(
    input: { nome: string; email: string; provider: string; subject: string },
    now: Date,
    correlationId: string,
  ): Promise<RegisteredTrainer> {
    return this.register(
      {
        nome: input.nome,
        email: input.email,
        emailConfirmedAt: now,
        credentials: (trx, userId) =>
          this.accounts.linkIdentity(trx, {
            provider: input.provider,
            subject: input.subject,
            userId,
            email: input.email,
          }),
      },
      correlationId,
    );
  }

  private async register(trainer: NewTrainer, correlationId: string): Promise<RegisteredTrainer> {
    const userId = uuidv7();
    const tenantId = uuidv7();
    const context = { tenantId, actorId: userId, actorRole: 'personal' as const, correlationId };
    for (let race = 1; ; race++) {
      const slug = await this.accounts.freeSlug(trainer.nome);
      try {
        await this.tenants.handle(
          context,
          tenantId,
          { type: 'RegisterTrainer', tenantId, userId, nome: trainer.nome, slug },
          {
            alsoInTransaction: async (trx) => {
              const { credentials, ...account } = trainer;
              await this.accounts.createTrainerAccount(trx, { ...account, userId, tenantId, slug });
              await credentials(trx, userId);
            },
          },
        );
        return { userId, tenantId, slug };
      } catch (error) {
        if (!(error instanceof SlugTaken) || race >= MAX_SLUG_RACES) throw error;
      }
    }
  }
}
