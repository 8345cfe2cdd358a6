import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import type { AccessTokenClaims, AuthUser } from './auth-user';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const JWT_ALGORITHM = 'HS256';
/** Verified tokens remembered at most (then forgotten all at once): a few MB. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** A verified token's caller and the session (refresh-token family) it was issued for. */
export interface VerifiedAccess {
  user: AuthUser;
  sessionId: string;
}

/**
 * The 15-minute access tokens: HS256 only, with an expiry, signed with JWT_SECRET, each naming its
 * session. A valid signature is not enough to be let in: the session must still be live (LiveSessions).
 */
@Injectable()
export class AccessTokenService {
  // A KeyObject made once: given a string, jsonwebtoken first tries (and fails) to read it as a
  // public key on every call, which was the largest single cost of an API request.
  private readonly key: KeyObject;
  /**
   * Tokens whose signature was checked: a client sends the same token for up to 15 minutes, and the
   * same bytes verify the same way every time, so only the expiry is checked again. The HMAC and
   * the parsing were a tenth of an API request's own work.
   */
  private readonly verified = new Map<string, VerifiedAccess & { expiresAt: number }>();

  constructor(@Inject(APP_CONFIG) config: PlatformConfig) {
    this.key = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
  }

  sign(user: AuthUser, sessionId: string): Promise<string> {
    const claims: AccessTokenClaims = {
      sub: user.userId,
      tid: user.tenantId,
      role: user.role,
      ses: sessionId,
    };
    if (user.studentId) claims.sid = user.studentId;
    return Promise.resolve(
      jwt.sign(claims, this.key, { expiresIn: ACCESS_TOKEN_TTL_SECONDS, algorithm: JWT_ALGORITHM }),
    );
  }

  /** Throws on a forged, expired, exp-less, session-less or `alg: none` token. */
  verify(token: string): VerifiedAccess {
    const known = this.verified.get(token);
    if (known && Date.now() < known.expiresAt)
      return { user: known.user, sessionId: known.sessionId };
    const claims = jwt.verify(token, this.key, {
      algorithms: [JWT_ALGORITHM],
    }) as AccessTokenClaims;
    const access = toVerifiedAccess(claims);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
    this.verified.set(token, { ...access, expiresAt: (claims.exp as number) * 1000 });
    return access;
  }
}

/**
 * The caller named by verified claims; throws unless they carry a subject, a tenant, a known role,
 * a session and an expiry.
 */
function toVerifiedAccess(claims: AccessTokenClaims): VerifiedAccess {
  // The JWT library checks `exp` only when present: a token that never expires is never valid here.
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp))
    throw new Error('token sem validade');
  if (typeof claims.sub !== 'string' || typeof claims.tid !== 'string')
    throw new Error('token sem sujeito');
  if (typeof claims.ses !== 'string') throw new Error('token sem sessão');
  if (claims.role !== 'personal' && claims.role !== 'aluno') throw new Error('papel desconhecido');
  const user: AuthUser = { userId: claims.sub, tenantId: claims.tid, role: claims.role };
  if (claims.role === 'aluno' && typeof claims.sid === 'string') user.studentId = claims.sid;
  return { user, sessionId: claims.ses };
}
