import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AccessTokenClaims, AuthUser } from './auth-user';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const JWT_ALGORITHM = 'HS256';

@Injectable()
export class AccessTokenService {
  constructor(private readonly jwt: JwtService) {}

  sign(user: AuthUser): Promise<string> {
    const claims: AccessTokenClaims = { sub: user.userId, tid: user.tenantId, role: user.role };
    return this.jwt.signAsync(claims, {
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      algorithm: JWT_ALGORITHM,
    });
  }

  /** Throws on a forged, expired or `alg: none` token. */
  async verify(token: string): Promise<AuthUser> {
    const claims = await this.jwt.verifyAsync<AccessTokenClaims>(token, {
      algorithms: [JWT_ALGORITHM],
    });
    return toAuthUser(claims);
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
  return { userId: claims.sub, tenantId: claims.tid, role: claims.role };
}
