import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { CONTEXTS, PROCESS_MANAGERS, PROJECTIONS } from './contexts';
import { AboutModule } from './platform/about/about.module';
import { AccountClosingModule } from './platform/context/account-closing';
import { AuthModule } from './platform/auth/auth.module';
import { DatabaseModule } from './platform/database/database.module';
import { EventStoreModule } from './platform/event-store/event-store.module';
import { HealthModule } from './platform/health/health.module';
import { RateLimitModule } from './platform/http/rate-limit.module';
import { MailModule } from './platform/mail/mail.module';
import { ProjectionsModule } from './platform/projections/projections.module';
import { QueueModule } from './platform/queue/queue.module';
import { RealtimeModule } from './platform/realtime/realtime.module';

@Module({})
export class AppModule {
  /** The whole API for one parsed configuration (tests build it with their own). */
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forConfig(config),
        DatabaseModule,
        AuthModule,
        EventStoreModule,
        QueueModule,
        RateLimitModule,
        MailModule,
        ProjectionsModule.forProjections(PROJECTIONS, PROCESS_MANAGERS),
        RealtimeModule,
        AccountClosingModule.forContexts(CONTEXTS),
        HealthModule,
        AboutModule,
        ...CONTEXTS.map((context) => context.module),
      ],
    };
  }
}
