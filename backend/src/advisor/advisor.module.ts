import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config';
import type { AdvisorConfig } from './advisor.config';
import { AdvisorController } from './advisor.controller';
import { AdvisorService } from './application/advisor.service';
import { CHAT_PROVIDER, chatCompletionsProvider } from './infrastructure/chat-completions';

@Module({
  controllers: [AdvisorController],
  providers: [
    AdvisorService,
    {
      provide: CHAT_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AdvisorConfig) => chatCompletionsProvider(config) ?? null,
    },
  ],
})
export class AdvisorModule {}
