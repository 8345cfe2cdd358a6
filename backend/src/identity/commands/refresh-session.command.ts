import { Injectable } from '@nestjs/common';
import { InvalidRefreshTokenError } from '../domain/identity.errors';
import { RefreshTokens } from '../infrastructure/refresh-tokens';
import { type Session, SessionStarter } from './session-starter';

@Injectable()
export class RefreshSessionHandler {
  constructor(
    private readonly refreshTokens: RefreshTokens,
    private readonly sessions: SessionStarter,
  ) {}

  async execute(refreshToken: string | undefined, now: Date): Promise<Session> {
    if (!refreshToken) throw new InvalidRefreshTokenError();
    const rotation = await this.refreshTokens.rotate(refreshToken, now);
    if (rotation.outcome !== 'rotated') throw new InvalidRefreshTokenError();
    return this.sessions.sessionFor(rotation.userId, rotation.next);
  }
}
