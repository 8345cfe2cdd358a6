import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library defaults (19 MiB, 2 passes: OWASP's recommended minimum). */
@Injectable()
export class PasswordHasher {
  private dummyHash?: Promise<string>;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  verify(passwordHash: string, password: string): Promise<boolean> {
    return verify(passwordHash, password).catch(() => false);
  }

  /** Spends the same work as a real check, so an unknown e-mail answers as slowly as a wrong password. */
  async verifyAgainstNothing(password: string): Promise<false> {
    this.dummyHash ??= hash('vira-senha-inexistente');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
