import { randomInt } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../platform/auth/auth-user';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { Database } from '../../platform/database/database.types';
import { ConflictError, DomainError } from '../../platform/errors/domain-error';
import { MfaChallenges } from '../infrastructure/mfa-challenges';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { hashSecretToken } from '../infrastructure/secret-token';
import { newTotpSecret, totpEnrolment, verifyTotp } from '../infrastructure/totp';
import { type Session, SessionStarter } from './session-starter';

const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export class InvalidMfaCodeError extends DomainError {
  constructor(status: number = HttpStatus.BAD_REQUEST) {
    super('invalid_mfa_code', 'Código de verificação inválido.', status);
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

/** TOTP two-factor sign-in: enrol, activate (with recovery codes), remove, and the login challenge. */
@Injectable()
export class TwoFactorHandler {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    private readonly challenges: MfaChallenges,
    private readonly refreshTokens: RefreshTokens,
    private readonly sessions: SessionStarter,
  ) {}

  async isEnabled(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('mfaTotp')
      .select('userId')
      .where('userId', '=', userId)
      .where('activatedAt', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A new secret, waiting for a first code to become active; replaces an unfinished enrolment. */
  async enroll(
    user: AuthUser,
  ): Promise<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }> {
    if (await this.isEnabled(user.userId)) {
      throw new ConflictError('mfa_already_enabled', 'A verificação em duas etapas já está ativa.');
    }
    const secret = newTotpSecret();
    await this.db
      .insertInto('mfaTotp')
      .values({ userId: user.userId, secret, activatedAt: null, lastTimeStep: null })
      .onConflict((conflict) =>
        conflict
          .column('userId')
          .doUpdateSet({ secret, activatedAt: null, lastTimeStep: null })
          .where('mfaTotp.activatedAt', 'is', null),
      )
      .execute();
    const { email } = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    return { secret, ...(await totpEnrolment(secret, email)) };
  }

  /** The first valid code turns the authenticator on; the recovery codes are shown this once only. */
  activate(user: AuthUser, code: string, now: Date): Promise<{ recoveryCodes: string[] }> {
    return this.db.transaction().execute(async (trx) => {
      const pending = await trx
        .selectFrom('mfaTotp')
        .select('secret')
        .where('userId', '=', user.userId)
        .where('activatedAt', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!pending)
        throw new DomainError(
          'mfa_not_enrolled',
          'Comece a configuração da verificação em duas etapas.',
          HttpStatus.BAD_REQUEST,
        );
      const timeStep = await verifyTotp(pending.secret, code, now, null);
      if (timeStep === undefined) throw new InvalidMfaCodeError();
      await trx
        .updateTable('mfaTotp')
        .set({ activatedAt: now, lastTimeStep: timeStep })
        .where('userId', '=', user.userId)
        .execute();
      await trx.deleteFrom('mfaRecoveryCodes').where('userId', '=', user.userId).execute();
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await trx
        .insertInto('mfaRecoveryCodes')
        .values(
          recoveryCodes.map((recoveryCode) => ({
            id: uuidv7(),
            userId: user.userId,
            codeHash: recoveryCodeHash(recoveryCode),
            usedAt: null,
          })),
        )
        .execute();
      return { recoveryCodes };
    });
  }

  /** Turning it off asks for a current code (or a recovery code), so a stolen access token is not enough. */
  remove(user: AuthUser, code: string, now: Date): Promise<void> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.acceptsSecondFactor(trx, user.userId, code, now)))
        throw new InvalidMfaCodeError();
      await trx.deleteFrom('mfaRecoveryCodes').where('userId', '=', user.userId).execute();
      await trx.deleteFrom('mfaTotp').where('userId', '=', user.userId).execute();
    });
  }

  startChallenge(userId: string): Promise<string> {
    return this.challenges.create(userId);
  }

  /** Second step of a sign-in: the code (or a recovery code) for the challenge's user starts the session. */
  async verifyChallenge(challengeToken: string, code: string, now: Date): Promise<Session> {
    const userId = await this.challenges.attempt(challengeToken);
    if (!userId) throw new InvalidMfaChallengeError();
    const accepted = await this.db
      .transaction()
      .execute((trx) => this.acceptsSecondFactor(trx, userId, code, now));
    if (!accepted) throw new InvalidMfaCodeError(HttpStatus.UNAUTHORIZED);
    if (!(await this.challenges.complete(challengeToken))) throw new InvalidMfaChallengeError();
    return this.sessions.sessionFor(userId, await this.refreshTokens.issue(userId, now));
  }

  private async acceptsSecondFactor(
    trx: Kysely<Database>,
    userId: string,
    code: string,
    now: Date,
  ): Promise<boolean> {
    const totp = await trx
      .selectFrom('mfaTotp')
      .select(['secret', 'lastTimeStep'])
      .where('userId', '=', userId)
      .where('activatedAt', 'is not', null)
      .forUpdate()
      .executeTakeFirst();
    if (!totp) return false;
    const timeStep = await verifyTotp(totp.secret, code.trim(), now, totp.lastTimeStep);
    if (timeStep !== undefined) {
      await trx
        .updateTable('mfaTotp')
        .set({ lastTimeStep: timeStep })
        .where('userId', '=', userId)
        .execute();
      return true;
    }
    const recovery = await trx
      .updateTable('mfaRecoveryCodes')
      .set({ usedAt: now })
      .where('userId', '=', userId)
      .where('codeHash', '=', recoveryCodeHash(code))
      .where('usedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return recovery !== undefined;
  }
}
