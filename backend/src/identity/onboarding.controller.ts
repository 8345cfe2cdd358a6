import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../platform/auth/auth-user';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { Roles } from '../platform/auth/roles.decorator';
import {
  CompleteOnboardingHandler,
  type OnboardingResult,
} from './commands/complete-onboarding.command';
import type { OnboardingAnswers } from './domain/onboarding-answers';
import { ZodValidationPipe } from '../platform/http/zod-validation.pipe';
import { onboardingSchema } from '../contracts/identity';

@ApiTags('identity')
@ApiBearerAuth()
@Controller('onboarding')
export class OnboardingController {
  constructor(private readonly completeOnboarding: CompleteOnboardingHandler) {}

  @Post()
  @HttpCode(201)
  @Roles('personal')
  complete(
    @Body(new ZodValidationPipe(onboardingSchema)) input: { answers: OnboardingAnswers },
    @CurrentUser() user: AuthUser,
  ): Promise<OnboardingResult> {
    return this.completeOnboarding.execute(user, input.answers, new Date());
  }
}
