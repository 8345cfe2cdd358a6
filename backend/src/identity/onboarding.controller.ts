import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { v7 as uuidv7 } from 'uuid';
import { type OnboardingInput, onboardingSchema } from '../contracts/identity';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import type { CommandContext } from '../platform/event-store/command-runner';
import { CurrentCommandContext } from '../platform/event-store/command-context.decorator';
import { ApiIdempotencyKey, ApiZodBody } from '../platform/http/openapi.decorators';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { TenantCommands } from './commands/tenant.commands';
import { parseOnboardingAnswers } from './domain/onboarding-answers';

@ApiTags('identity')
@ApiBearerAuth()
@Controller('onboarding')
export class OnboardingController {
  constructor(@Inject(TenantCommands) private readonly tenants: TenantCommands) {}

  /** The 11 raw answers of 'Configuração Inicial', parsed and recorded once per tenant. */
  @Post()
  @HttpCode(201)
  @Roles('personal')
  @ApiZodBody(onboardingSchema)
  @ApiIdempotencyKey()
  async complete(
    @CurrentCommandContext() context: CommandContext,
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(onboardingSchema)) input: OnboardingInput,
  ) {
    const onboardingData = parseOnboardingAnswers(input.answers);
    const now = new Date();
    const { position } = await this.tenants.handle(
      context,
      user.tenantId,
      { type: 'CompleteOnboarding', onboardingId: uuidv7(), userId: user.userId, onboardingData },
      { now },
    );
    return { position, onboardingData, completedAt: now.toISOString() };
  }
}
