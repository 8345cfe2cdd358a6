import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { AuthModule } from './platform/auth/auth.module';
import { EventStoreModule } from './platform/event-store/event-store.module';
import { DatabaseModule } from './platform/database/database.module';
import { HealthModule } from './platform/health/health.module';
import { IdentityModule } from './identity/identity.module';
import { loggerParams } from './platform/http/logger';
import { ProjectionsModule } from './platform/projections/projections.module';
import { QueueModule } from './platform/queue/queue.module';
import { RealtimeModule } from './platform/realtime/realtime.module';
import { StudentsModule } from './students/students.module';

@Module({})
export class AppModule {
  /** The whole API for one parsed configuration (tests build it with their own). */
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forConfig(config),
        LoggerModule.forRoot(loggerParams(config)),
        CqrsModule.forRoot(),
        DatabaseModule,
        AuthModule,
        EventStoreModule,
        QueueModule,
        ProjectionsModule,
        RealtimeModule,
        HealthModule,
        StudentsModule,
        IdentityModule,
      ],
    };
  }
}
