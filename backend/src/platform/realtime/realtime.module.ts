import { Global, Module } from '@nestjs/common';
import { PrincipalSessions } from './principal-sessions';
import { RealtimeGateway } from './realtime.gateway';

@Global()
@Module({
  providers: [RealtimeGateway, PrincipalSessions],
  exports: [RealtimeGateway, PrincipalSessions],
})
export class RealtimeModule {}
