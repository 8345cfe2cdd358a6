import { randomInt } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Transaction } from 'kysely';
import { APP_CONFIG } from '../../config/config';
import type { AuthUser } from '../../platform/auth/auth-user';
import type { Database } from '../../platform/database/database';
import { ConflictError, DomainError, NotFoundError } from '../../platform/errors/domain-error';
import { RateLimiter } from '../../platform/http/rate-limiter';
import type { IdentityConfig } from '../identity.config';
import { MfaChallenges } from '../infrastructure/mfa-challenges';
import { PasswordHasher } from '../infrastructure/password-hasher';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { hashSecretToken } from '../infrastructure/secret-token';
import { newTotpSecret, totpEnrolment, verifyTotp } from '../infrastructure/totp';
import { AccountRepository } from '../queries/account.repository';
import { TwoFactorRepository } from '../queries/two-factor.repository';
import { type Session, SessionStarter } from './session-starter';

const RECOVERY_CODE_COUNT = 10;

type ErrorClass = abstract new (...args: never[]) => Error;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export class InvalidMfaCodeError extends DomainError {
  constructor(status: number = HttpStatus.BAD_REQUEST) {
    super('invalid_mfa_code', 'Código de verificação inválido.', status);
  }
}

export class InvalidPasswordError extends DomainError {
  constructor() {
    super('invalid_password', 'Senha incorreta.', HttpStatus.BAD_REQUEST);
  }
}

export class InvalidMfaChallengeError extends DomainError {
  constructor() {
    super(
      'invalid_mfa_challenge',
      'A verificação expirou. Faça login novamente.',
      HttpStatus.UNAUTHORIZED,
    );
  }
}

/** 'k7m2p-x9qrt': 10 characters from an alphabet without look-alikes (about 49 bits). */
function newRecoveryCode(): string {
  const characters = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

function recoveryCodeHash(code: string): Buffer {
  return hashSecretToken(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/**
 * TOTP two-factor sign-in: enrol, activate (with recovery codes), remove, and the login challenge.
 * Every code (and password) checked for an account counts against RATE_LIMIT_MFA_PER_ACCOUNT, in
 * Redis, whatever the challenge, address or route: a challenge's own 5 attempts alone would let
 * new challenges from new addresses guess on. Only failures stay counted.
 */
@Injectable()
export class TwoFactorHandler {
  constructor(
    @Inject(APP_CONFIG) private readonly config: IdentityConfig,
    @Inject(RateLimiter) private readonly rateLimiter: RateLimiter,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(TwoFactorRepository) private readonly totp: TwoFactorRepository,
    @Inject(AccountRepository) private readonly accounts: AccountRepository,
    @Inject(MfaChallenges) private readonly challenges: MfaChallenges,
    @Inject(RefreshTokens) private readonly refreshTokens: RefreshTokens,
    @Inject(SessionStarter) private readonly sessions: SessionStarter,
  ) {}

  isEnabled(userId: string): Promise<boolean> {
    return this.totp.isEnabled(userId);
  }

  /** A new secret, waiting for a first code to become active; replaces an unfinished enrolment. */
  async enroll(
    user: AuthUser,
  ): Promise<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }> {
    if (await this.totp.isEnabled(user.userId)) {
      throw new ConflictError('mfa_already_enabled', 'A verificação em duas etapas já está ativa.');
    }
    const secret = await newTotpSecret();
    await this.totp.startEnrolment(user.userId, secret);
    const email = await this.accounts.findEmail(user.userId);
    if (!email) throw new NotFoundError('Usuário');
    return { secret, ...(await totpEnrolment(secret, email)) };
  }

  /** The first valid code turns the authenticator on; the recovery codes are shown this once only. */
  activate(user: AuthUser, code: string, now: Date): Promise<{ recoveryCodes: string[] }> {
    return this.countedFailures(user.userId, InvalidMfaCodeError, () =>
      this.activateNow(user, code, now),
    );
  }

  private activateNow(
    user: AuthUser,
    code: string,
    now: Date,
  ): Promise<{ recoveryCodes: string[] }> {
    return this.totp.transaction(async (trx) => {
      const secret = await this.totp.pendingSecret(trx, user.userId);
      if (!secret)
        throw new DomainError(
          'mfa_not_enrolled',
          'Comece a configuração da verificação em duas etapas.',
          HttpStatus.BAD_REQUEST,
        );
      const timeStep = await verifyTotp(secret, code, now, null);
      if (timeStep === undefined) throw new InvalidMfaCodeError();
      await this.totp.activate(trx, user.userId, now, timeStep);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await this.totp.replaceRecoveryCodes(trx, user.userId, recoveryCodes.map(recoveryCodeHash));
      return { recoveryCodes };
    });
  }

  /**
   * Turning it off asks for the password and a current code (or a recovery code), so a stolen
   * access token is not enough.
   */
  remove(user: AuthUser, input: { code: string; password: string }, now: Date): Promise<void> {
    return this.countedFailures(user.userId, [InvalidMfaCodeError, InvalidPasswordError], async () => {
      const passwordHash = await this.accounts.passwordHashOf(user.userId);
      const passwordMatches = passwordHash
        ? await this.hasher.verify(passwordHash, input.password)
        : await this.hasher.verifyAgainstNothing(input.password);
      if (!passwordMatches) throw new InvalidPasswordError();
      await this.totp.transaction(async (trx) => {
        if (!(await this.acceptsSecondFactor(trx, user.userId, input.code, now)))
          throw new InvalidMfaCodeError();
        await this.totp.remove(trx, user.userId);
      });
    });
  }

  startChallenge(userId: string): Promise<string> {
    return this.challenges.create(userId);
  }

  /** Second step of a sign-in: the code (or a recovery code) for the challenge's user starts the session. */
  async verifyChallenge(challengeToken: string, code: string, now: Date): Promise<Session> {
    const userId = await this.challenges.attempt(challengeToken);
    if (!userId) throw new InvalidMfaChallengeError();
    await this.countedFailures(userId, InvalidMfaCodeError, async () => {
      const accepted = await this.totp.transaction((trx) =>
        this.acceptsSecondFactor(trx, userId, code, now),
      );
      if (!accepted) throw new InvalidMfaCodeError(HttpStatus.UNAUTHORIZED);
    });
    if (!(await this.challenges.complete(challengeToken))) throw new InvalidMfaChallengeError();
    return this.sessions.sessionFor(userId, await this.refreshTokens.issue(userId, now));
  }

  /**
   * Counts the attempt against the account's allowance before `work` (so concurrent guesses cannot
   * slip under it: 429 once spent, even for the right code), and gives it back unless `work` fails
   * with one of `failures`.
   */
  private async countedFailures<T>(
    userId: string,
    failures: ErrorClass | ErrorClass[],
    work: () => Promise<T>,
  ): Promise<T> {
    const attempt = await this.rateLimiter.count([
      { action: 'mfa-account', subject: userId, setting: this.config.RATE_LIMIT_MFA_PER_ACCOUNT },
    ]);
    try {
      const result = await work();
      await attempt.refund();
      return result;
    } catch (error) {
      if (![failures].flat().some((failure) => error instanceof failure)) await attempt.refund();
      throw error;
    }
  }

  private async acceptsSecondFactor(
    trx: Transaction<Database>,
    userId: string,
    code: string,
    now: Date,
  ): Promise<boolean> {
    const active = await this.totp.activeSecret(trx, userId);
    if (!active) return false;
    const timeStep = await verifyTotp(active.secret, code.trim(), now, active.lastTimeStep);
    if (timeStep !== undefined) {
      await this.totp.useTimeStep(trx, userId, timeStep);
      return true;
    }
    return this.totp.useRecoveryCode(trx, userId, recoveryCodeHash(code), now);
  }
}
