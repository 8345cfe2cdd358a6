import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessTokenService } from './access-token.service';
import { JwtAuthGuard, RolesGuard } from './auth.guards';
import { LiveSessions } from './live-sessions';

@Global()
@Module({
  providers: [
    AccessTokenService,
    LiveSessions,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
  exports: [AccessTokenService, LiveSessions],
})
export class AuthModule {}
