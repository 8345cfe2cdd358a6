import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Database } from '../../platform/database/database.types';
import { EventStore } from '../../platform/event-store/event-store';
import { UserAlreadyRegisteredError } from '../domain/identity.errors';
import { slugCandidate, slugFromName } from '../domain/slug';
import { decide, initialTenantState } from '../domain/tenant.decider';
import { TENANT_STREAM } from '../domain/tenant.events';
import type { SignUpInput } from '../../contracts/identity';
import { AccountEmails } from '../infrastructure/account-emails';
import { EmailTokens } from '../infrastructure/email-tokens';
import { PasswordHasher } from '../infrastructure/password-hasher';

const MAX_SLUG_ATTEMPTS = 50;

interface NewTrainer {
  nome: string;
  email: string;
  telefone?: string;
  cpf?: string;
  dataNascimento?: string;
}

export interface RegisteredTrainer {
  userId: string;
  tenantId: string;
  slug: string;
}

/**
 * Sign-up of a trainer: account rows, tenant with its public slug, role and profile, and the
 * TenantCreated + TrainerRegistered events, all in one transaction.
 */
@Injectable()
export class RegisterTrainerHandler {
  private readonly logger = new Logger('RegisterTrainer');

  constructor(
    @Inject(DATABASE) private readonly db: Db,
    private readonly eventStore: EventStore,
    private readonly hasher: PasswordHasher,
    private readonly emailTokens: EmailTokens,
    private readonly accountEmails: AccountEmails,
  ) {}

  /** Sign-up with e-mail and password; the e-mail is confirmed later through the link sent. */
  async execute(input: SignUpInput, now: Date): Promise<RegisteredTrainer> {
    // Hashing is the slow part: done before the transaction opens.
    const passwordHash = await this.hasher.hash(input.password);
    const { trainer, confirmationToken } = await this.db.transaction().execute(async (trx) => {
      const trainer = await this.createTrainer(trx, input, null, now);
      await trx
        .insertInto('passwordCredentials')
        .values({ userId: trainer.userId, passwordHash })
        .execute();
      const confirmationToken = await this.emailTokens.create(
        trainer.userId,
        'confirm_email',
        now,
        trx,
      );
      return { trainer, confirmationToken };
    });

    // The account exists either way; a mail outage must not turn a sign-up into an error.
    await this.accountEmails
      .sendConfirmation(input.email, input.nome, confirmationToken)
      .catch((error: unknown) => {
        this.logger.error(
          `Falha ao enviar a confirmação de e-mail: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    return trainer;
  }

  /** First sign-in through an identity provider that vouched for the e-mail: no password, already confirmed. */
  async registerFromProvider(
    input: { nome: string; email: string; provider: string; subject: string },
    now: Date,
    trx: Transaction<Database>,
  ): Promise<RegisteredTrainer> {
    const trainer = await this.createTrainer(
      trx,
      { nome: input.nome, email: input.email },
      now,
      now,
    );
    await trx
      .insertInto('userIdentities')
      .values({
        provider: input.provider,
        subject: input.subject,
        userId: trainer.userId,
        email: input.email,
      })
      .execute();
    return trainer;
  }

  /** User, tenant with its slug, role, profile and the TenantCreated + TrainerRegistered events. */
  private async createTrainer(
    trx: Transaction<Database>,
    input: NewTrainer,
    emailConfirmedAt: Date | null,
    now: Date,
  ): Promise<RegisteredTrainer> {
    const userId = uuidv7();
    const tenantId = uuidv7();
    const commandId = uuidv7();
    // A concurrent sign-up with the same e-mail waits here on the unique index, then finds it taken.
    const user = await trx
      .insertInto('users')
      .values({ id: userId, email: input.email, emailConfirmedAt })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!user) throw new UserAlreadyRegisteredError();

    const slug = await claimTenantSlug(trx, tenantId, input.nome);
    await trx.insertInto('userRoles').values({ userId, role: 'personal' }).execute();
    await trx
      .insertInto('profiles')
      .values({
        id: userId,
        tenantId,
        nome: input.nome,
        email: input.email,
        telefone: input.telefone ?? null,
        cpf: input.cpf ?? null,
        dataNascimento: input.dataNascimento ?? null,
      })
      .execute();
    const events = decide(
      initialTenantState,
      { type: 'RegisterTrainer', tenantId, userId, nome: input.nome, slug },
      now,
    );
    await this.eventStore.append(
      {
        tenantId,
        streamType: TENANT_STREAM,
        streamId: tenantId,
        expectedVersion: 0,
        events,
        metadata: {
          actorId: userId,
          actorRole: 'personal',
          correlationId: uuidv7(),
          causationId: commandId,
          commandId,
        },
      },
      trx,
    );
    return { userId, tenantId, slug };
  }
}

/**
 * Inserts the tenant under the first free slug of its name ('ana-souza', 'ana-souza-2', ...).
 * `on conflict do nothing` waits for a concurrent sign-up holding the same slug and, if that one
 * commits, moves on to the next candidate without aborting this transaction.
 */
async function claimTenantSlug(
  trx: Transaction<Database>,
  tenantId: string,
  nome: string,
): Promise<string> {
  const base = slugFromName(nome);
  const taken = new Set(
    (
      await trx
        .selectFrom('tenants')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  );
  for (let attempt = 1, tries = 0; tries < MAX_SLUG_ATTEMPTS; attempt++) {
    const slug = slugCandidate(base, attempt);
    if (taken.has(slug)) continue;
    tries++;
    const inserted = await trx
      .insertInto('tenants')
      .values({ id: tenantId, slug, nome })
      .onConflict((conflict) => conflict.column('slug').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return slug;
  }
  throw new Error(`nenhum slug livre para '${base}' após ${MAX_SLUG_ATTEMPTS} tentativas`);
}
