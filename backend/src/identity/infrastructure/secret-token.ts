import { createHash, randomBytes } from 'node:crypto';

/** A random 32-byte secret for the client (base64url) and the sha256 digest we store instead. */
export function newSecretToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
