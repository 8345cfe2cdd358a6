import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config';
import { PushNotifications } from '../contracts/messaging/ports';
import { DATABASE, type Db } from '../platform/database/database.module';
import { JobQueues } from '../platform/queue/queue.module';
import { PushOutbox } from './application/push-delivery';
import { PushDevicesService } from './application/push-devices.service';
import { PushDevicesCommands } from './commands/push-devices.commands';
import type { MessagingConfig } from './messaging.config';
import { MessagingController } from './messaging.controller';

@Module({
  controllers: [MessagingController],
  providers: [
    PushDevicesCommands,
    PushDevicesService,
    {
      provide: PushNotifications,
      inject: [DATABASE, JobQueues, APP_CONFIG],
      useFactory: (db: Db, jobs: JobQueues, config: MessagingConfig) =>
        new PushOutbox(db, jobs, config),
    },
  ],
  exports: [PushNotifications],
})
export class MessagingModule {}
