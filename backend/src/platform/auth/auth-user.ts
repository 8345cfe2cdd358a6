export type Role = 'personal' | 'aluno';

/** Who is calling, taken from a verified access token only — never from a request body. */
export interface AuthUser {
  userId: string;
  tenantId: string;
  role: Role;
  /** A student's account: the student it is (their sockets hear of their own changes). */
  studentId?: string;
}

/** A student's account, signed in: the student it is comes from the access token only. */
export interface SignedInStudent {
  userId: string;
  tenantId: string;
  studentId: string;
}

export interface AccessTokenClaims {
  sub: string;
  tid: string;
  role: Role;
  /** The student, for a student's account. */
  sid?: string;
  /** The session (the sign-in's refresh-token family): the token works while it is live. */
  ses: string;
  /** Expiry (seconds since the epoch): every access token has one; a token without it is refused. */
  exp?: number;
}
