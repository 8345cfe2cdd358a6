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
}
