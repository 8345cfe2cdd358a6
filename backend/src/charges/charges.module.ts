import { Module } from '@nestjs/common';
import { ChargesController } from './charges.controller';
import { ChargeCommands, PixSettingsCommands } from './commands/charge.commands';
import { ChargeSettler } from './process-managers/charge-settlement';
import { ChargesRepository } from './queries/charges.repository';
import { PixWebhooksController } from './webhooks.controller';

@Module({
  controllers: [ChargesController, PixWebhooksController],
  providers: [ChargeCommands, PixSettingsCommands, ChargesRepository, ChargeSettler],
})
export class ChargesModule {}
