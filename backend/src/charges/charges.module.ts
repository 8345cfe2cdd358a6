import { Global, Module } from '@nestjs/common';
import { ChargesOfClosingAccount, StudentCharges, SubscriptionCycles } from '../contracts/charges/ports';
import { APP_CONFIG } from '../config/config';
import { DATABASE, type Db } from '../platform/database/database.module';
import { ApiPixWebhooksController } from './api-pix-webhooks.controller';
import { ChargesService } from './application/charges.service';
import { ClosingCharges } from './application/closing-charges.service';
import { PixAutomaticoNotificationsService } from './application/pix-automatico-notifications.service';
import { PixNotificationsService } from './application/pix-notifications.service';
import { PixSettingsService } from './application/pix-settings.service';
import { SignedPixNotifications } from './application/signed-pix-notifications.service';
import { SubscriptionsService } from './application/subscriptions.service';
import type { ChargesConfig } from './charges.config';
import { ChargesController } from './charges.controller';
import { ChargeCommands, PixSettingsCommands } from './commands/charge.commands';
import { SubscriptionCommands } from './commands/subscription.commands';
import { ChargeSettler } from './process-managers/charge-settlement';
import { PspConnections } from './psp/psp-connections';
import { ChargesRepository } from './queries/charges.repository';
import { SubscriptionsRepository } from './queries/subscriptions.repository';
import { SubscriptionsController } from './subscriptions.controller';
import { PixWebhooksController } from './webhooks.controller';

/** Global: the student area reads a student's pending charges, finance the subscriptions' cycles, through ports. */
@Global()
@Module({
  controllers: [
    ChargesController,
    PixWebhooksController,
    ApiPixWebhooksController,
    SubscriptionsController,
  ],
  providers: [
    ChargesService,
    PixSettingsService,
    ChargeCommands,
    PixSettingsCommands,
    ChargesRepository,
    { provide: StudentCharges, useExisting: ChargesRepository },
    ChargeSettler,
    SubscriptionsService,
    PixAutomaticoNotificationsService,
    PixNotificationsService,
    SignedPixNotifications,
    SubscriptionCommands,
    SubscriptionsRepository,
    { provide: SubscriptionCycles, useExisting: SubscriptionsRepository },
    { provide: ChargesOfClosingAccount, useClass: ClosingCharges },
    {
      // Built at start-up: without PIX_SECRETS_KEY in production the API does not start.
      provide: PspConnections,
      useFactory: (db: Db, config: ChargesConfig) => new PspConnections(db, config),
      inject: [DATABASE, APP_CONFIG],
    },
  ],
  exports: [StudentCharges, SubscriptionCycles, ChargesOfClosingAccount],
})
export class ChargesModule {}
