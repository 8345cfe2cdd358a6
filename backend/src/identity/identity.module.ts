import { Global, Module } from '@nestjs/common';
import { PublicTrainers, StudentAccounts, TrainerContacts } from '../contracts/identity/ports';
import { AuthController } from './auth.controller';
import { ConfirmEmailHandler } from './commands/confirm-email.command';
import { RefreshSessionHandler } from './commands/refresh-session.command';
import { RegisterTrainerHandler } from './commands/register-trainer.command';
import { RequestPasswordResetHandler } from './commands/request-password-reset.command';
import { ResetPasswordHandler } from './commands/reset-password.command';
import { SessionStarter } from './commands/session-starter';
import { SignInHandler } from './commands/sign-in.command';
import { AccountClosingCommands, CloseAccountHandler } from './commands/close-account.command';
import { DevMailboxController } from './dev-mailbox.controller';
import { IdentityProvidersController } from './identity-providers.controller';
import { SignInWithProviderHandler } from './commands/sign-in-with-provider.command';
import { IdentityProviders } from './infrastructure/identity-providers';
import { AccountEmails } from './infrastructure/account-emails';
import { EmailTokens } from './infrastructure/email-tokens';
import { PasswordHasher } from './infrastructure/password-hasher';
import { RefreshTokens } from './infrastructure/refresh-tokens';
import { MeController } from './me.controller';
import { TwoFactorController } from './two-factor.controller';
import { TwoFactorHandler } from './commands/two-factor.command';
import { MfaChallenges } from './infrastructure/mfa-challenges';
import { OnboardingController } from './onboarding.controller';
import { AuthService } from './application/auth.service';
import { DevMailbox } from './application/dev-mailbox.service';
import { ProviderSignIn } from './application/provider-sign-in.service';
import { InvitesService } from './application/invites.service';
import { TrainerAccountService } from './application/trainer-account.service';
import { InvitesController } from './invites.controller';
import { InviteRepository } from './queries/invite.repository';
import { AcceptInviteHandler } from './commands/accept-invite.command';
import { TenantCommands } from './commands/tenant.commands';
import { TwoFactorRepository } from './queries/two-factor.repository';
import { PendingProviderSignIns } from './infrastructure/pending-provider-sign-ins';
import { AccountRepository } from './queries/account.repository';
import { DevMailboxRepository } from './queries/dev-mailbox.repository';
import { SessionRecordsRepository } from './queries/session-records.repository';
import { SessionRecords } from '../platform/auth/live-sessions';

/** Accounts, sessions, tenants with their public slug, e-mail links and financial onboarding. */
@Global()
@Module({
  controllers: [
    AuthController,
    IdentityProvidersController,
    TwoFactorController,
    MeController,
    OnboardingController,
    InvitesController,
    DevMailboxController,
  ],
  providers: [
    AccountRepository,
    DevMailboxRepository,
    PasswordHasher,
    RefreshTokens,
    EmailTokens,
    AccountEmails,
    SessionStarter,
    RegisterTrainerHandler,
    SignInHandler,
    AccountClosingCommands,
    CloseAccountHandler,
    RefreshSessionHandler,
    ConfirmEmailHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    TenantCommands,
    InviteRepository,
    AcceptInviteHandler,
    InvitesService,
    AuthService,
    DevMailbox,
    ProviderSignIn,
    TrainerAccountService,
    TwoFactorRepository,
    PendingProviderSignIns,
    { provide: StudentAccounts, useExisting: AccountRepository },
    { provide: TrainerContacts, useExisting: AccountRepository },
    { provide: PublicTrainers, useExisting: AccountRepository },
    { provide: SessionRecords, useClass: SessionRecordsRepository },
    IdentityProviders,
    SignInWithProviderHandler,
    MfaChallenges,
    TwoFactorHandler,
  ],
  exports: [StudentAccounts, TrainerContacts, PublicTrainers, SessionRecords],
})
export class IdentityModule {}
