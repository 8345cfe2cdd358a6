import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../platform/auth/auth-user';
import { ConcurrencyError, EventStore } from '../../platform/event-store/event-store';
import {
  type OnboardingAnswers,
  type OnboardingData,
  parseOnboardingAnswers,
} from '../domain/onboarding-answers';
import { decide, stateFrom } from '../domain/tenant.decider';
import { TENANT_STREAM, type TenantEvent } from '../domain/tenant.events';

const MAX_ATTEMPTS = 3;

export interface OnboardingResult {
  position: number;
  onboardingData: OnboardingData;
  completedAt: string;
}

@Injectable()
export class CompleteOnboardingHandler {
  constructor(private readonly eventStore: EventStore) {}

  async execute(user: AuthUser, answers: OnboardingAnswers, now: Date): Promise<OnboardingResult> {
    const commandId = uuidv7();
    const onboardingData = parseOnboardingAnswers(answers);
    for (let attempt = 1; ; attempt++) {
      const stream = await this.eventStore.readStream(user.tenantId, user.tenantId);
      const history = stream
        .filter((event) => event.streamType === TENANT_STREAM)
        .map((event) => ({ type: event.eventType, data: event.data }) as TenantEvent);
      const events = decide(
        stateFrom(history),
        {
          type: 'CompleteOnboarding',
          onboardingId: uuidv7(),
          tenantId: user.tenantId,
          userId: user.userId,
          onboardingData,
        },
        now,
      );
      try {
        const { position } = await this.eventStore.append({
          tenantId: user.tenantId,
          streamType: TENANT_STREAM,
          streamId: user.tenantId,
          expectedVersion: stream.at(-1)?.streamVersion ?? 0,
          events,
          metadata: {
            actorId: user.userId,
            actorRole: user.role,
            correlationId: uuidv7(),
            causationId: commandId,
            commandId,
          },
        });
        return { position, onboardingData, completedAt: now.toISOString() };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
