import { createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import type { AccessTokenClaims, AuthUser } from './auth-user';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const JWT_ALGORITHM = 'HS256';
/** Verified tokens remembered at most (then forgotten all at once): a few MB. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** The 15-minute access tokens: HS256 only, with an expiry, signed with JWT_SECRET. */
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
  private readonly verified = new Map<string, { user: AuthUser; expiresAt: number }>();

  constructor(@Inject(APP_CONFIG) config: PlatformConfig) {
    this.key = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
  }

  sign(user: AuthUser): Promise<string> {
    const claims: AccessTokenClaims = { sub: user.userId, tid: user.tenantId, role: user.role };
    if (user.studentId) claims.sid = user.studentId;
    return Promise.resolve(
      jwt.sign(claims, this.key, { expiresIn: ACCESS_TOKEN_TTL_SECONDS, algorithm: JWT_ALGORITHM }),
    );
  }

  /** Throws on a forged, expired, exp-less or `alg: none` token. */
  verify(token: string): AuthUser {
    const known = this.verified.get(token);
    if (known && Date.now() < known.expiresAt) return known.user;
    const claims = jwt.verify(token, this.key, {
      algorithms: [JWT_ALGORITHM],
    }) as AccessTokenClaims;
    const user = toAuthUser(claims);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.clear();
    this.verified.set(token, { user, expiresAt: (claims.exp as number) * 1000 });
    return user;
  }
}

/** The caller named by verified claims; throws unless they carry a subject, a tenant, a known role and an expiry. */
export function toAuthUser(claims: AccessTokenClaims): AuthUser {
  // The JWT library checks `exp` only when present: a token that never expires is never valid here.
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp))
    throw new Error('token sem validade');
  if (typeof claims.sub !== 'string' || typeof claims.tid !== 'string')
    throw new Error('token sem sujeito');
  if (claims.role !== 'personal' && claims.role !== 'aluno') throw new Error('papel desconhecido');
  const user: AuthUser = { userId: claims.sub, tenantId: claims.tid, role: claims.role };
  if (claims.role === 'aluno' && typeof claims.sid === 'string') user.studentId = claims.sid;
  return user;
}
