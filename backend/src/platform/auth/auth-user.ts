export type Role = 'personal' | 'aluno';

/** Who is calling, taken from a verified access token only — never from a request body. */
export interface AuthUser {
  userId: string;
  tenantId: string;
  role: Role;
}

export interface AccessTokenClaims {
  sub: string;
  tid: string;
  role: Role;
  /** Expiry (seconds since the epoch): every access token has one; a token without it is refused. */
  exp?: number;
}
