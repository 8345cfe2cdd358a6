import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import { APP_CONFIG, type PlatformConfig } from '../../config/config';
import { DATABASE, type Db } from '../../platform/database/database.module';
import type { CommandContext } from '../../platform/event-store/command-runner';
import { exportAccountZip } from '../../platform/personal-data/account-export';
import { TenantCommands } from '../commands/tenant.commands';
import { type OnboardingAnswers, parseOnboardingAnswers } from '../domain/onboarding-answers';

/** The trainer's own account: the financial onboarding, and the copy of everything it holds. */
@Injectable()
export class TrainerAccountService {
  constructor(
    @Inject(TenantCommands) private readonly tenants: TenantCommands,
    @Inject(DATABASE) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: PlatformConfig,
  ) {}

  /** The 11 raw answers of 'Configuração Inicial', parsed and recorded once per tenant. */
  async completeOnboarding(context: CommandContext, userId: string, answers: OnboardingAnswers, now: Date) {
    const onboardingData = parseOnboardingAnswers(answers);
    const { position } = await this.tenants.handle(
      context,
      context.tenantId,
      { type: 'CompleteOnboarding', onboardingId: uuidv7(), userId, onboardingData },
      { now },
    );
    return { position, onboardingData, completedAt: now.toISOString() };
  }

  /** Every row and event of the tenant, as a zip (LGPD portability). */
  async exportZip(tenantId: string): Promise<Buffer> {
    return Buffer.from(await exportAccountZip(this.db, tenantId, this.config.APP_TIME_ZONE));
  }
}
