import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config';
import { PushNotifications, WhatsAppMessages } from '../contracts/messaging/ports';
import { DATABASE, type Db } from '../platform/database/database.module';
import { JobQueues } from '../platform/queue/queue.module';
import { PushOutbox } from './application/push-delivery';
import { PushDevicesService } from './application/push-devices.service';
import { StudentChannelsService } from './application/student-channels.service';
import { WhatsAppCredentials } from './application/whatsapp-credentials';
import { WhatsAppOutbox } from './application/whatsapp-delivery';
import { WhatsAppSettingsService } from './application/whatsapp-settings.service';
import { WhatsAppWebhooksService } from './application/whatsapp-webhooks.service';
import { PushDevicesCommands } from './commands/push-devices.commands';
import { StudentChannelsCommands, WhatsAppAccountCommands } from './commands/whatsapp.commands';
import type { MessagingConfig } from './messaging.config';
import { MessagingController } from './messaging.controller';
import { WhatsAppController } from './whatsapp.controller';
import { WhatsAppSignatureGuard } from './whatsapp-signature.guard';

@Module({
  controllers: [MessagingController, WhatsAppController],
  providers: [
    PushDevicesCommands,
    PushDevicesService,
    WhatsAppAccountCommands,
    StudentChannelsCommands,
    WhatsAppSettingsService,
    StudentChannelsService,
    WhatsAppWebhooksService,
    WhatsAppSignatureGuard,
    {
      provide: WhatsAppCredentials,
      inject: [DATABASE, APP_CONFIG],
      useFactory: (db: Db, config: MessagingConfig) => new WhatsAppCredentials(db, config),
    },
    {
      provide: PushNotifications,
      inject: [DATABASE, JobQueues, APP_CONFIG],
      useFactory: (db: Db, jobs: JobQueues, config: MessagingConfig) =>
        new PushOutbox(db, jobs, config),
    },
    {
      provide: WhatsAppMessages,
      inject: [DATABASE, JobQueues],
      useFactory: (db: Db, jobs: JobQueues) => new WhatsAppOutbox(db, jobs),
    },
  ],
  exports: [PushNotifications, WhatsAppMessages],
})
export class MessagingModule {}
