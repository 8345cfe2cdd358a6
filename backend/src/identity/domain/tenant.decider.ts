import { HttpStatus } from '@nestjs/common';
import { ConflictError, DomainError } from '../../platform/errors/domain-error';
import type { Decider } from '../../platform/event-store/decider';
import type { OnboardingData } from '../../contracts/identity/api';
import type { TenantEvent } from './tenant.events';

export interface TenantState {
  exists: boolean;
  tenantId: string | null;
  trainerIds: readonly string[];
  onboardingCompleted: boolean;
}

export type TenantCommand =
  | { type: 'RegisterTrainer'; tenantId: string; userId: string; nome: string; slug: string }
  | {
      type: 'CompleteOnboarding';
      onboardingId: string;
      userId: string;
      onboardingData: OnboardingData;
    }
  | { type: 'CreateStudentAccount'; userId: string; studentId: string; whatsapp: boolean };

const initialState = (): TenantState => ({
  exists: false,
  tenantId: null,
  trainerIds: [],
  onboardingCompleted: false,
});

function evolve(state: TenantState, event: TenantEvent): TenantState {
  switch (event.type) {
    case 'TenantCreated':
      return { ...state, exists: true, tenantId: event.data.tenantId };
    case 'TrainerRegistered':
      return { ...state, trainerIds: [...state.trainerIds, event.data.userId] };
    case 'OnboardingCompleted':
      return { ...state, onboardingCompleted: true };
    case 'StudentAccountCreated':
      return state;
  }
}

function decide(
  command: TenantCommand,
  state: TenantState,
  now: Date,
): TenantEvent[] | DomainError {
  switch (command.type) {
    case 'RegisterTrainer': {
      if (state.exists)
        return new ConflictError('tenant_already_exists', 'Este espaço de trabalho já existe.');
      const { tenantId, userId, nome, slug } = command;
      return [
        { type: 'TenantCreated', data: { tenantId, slug, nome } },
        { type: 'TrainerRegistered', data: { tenantId, userId, nome } },
      ];
    }
    case 'CompleteOnboarding': {
      if (!state.tenantId)
        return new DomainError(
          'tenant_not_found',
          'Tenant ID não encontrado',
          HttpStatus.NOT_FOUND,
        );
      if (!state.trainerIds.includes(command.userId))
        return new DomainError('forbidden', 'Acesso negado', HttpStatus.FORBIDDEN);
      if (state.onboardingCompleted)
        return new ConflictError('onboarding_already_completed', 'O onboarding já foi concluído.');
      const { onboardingId, userId, onboardingData } = command;
      return [
        {
          type: 'OnboardingCompleted',
          data: {
            onboardingId,
            tenantId: state.tenantId,
            userId,
            onboardingData,
            completedAt: now.toISOString(),
          },
        },
      ];
    }
    case 'CreateStudentAccount':
      if (!state.tenantId)
        return new DomainError(
          'tenant_not_found',
          'Tenant ID não encontrado',
          HttpStatus.NOT_FOUND,
        );
      return [
        {
          type: 'StudentAccountCreated',
          data: {
            userId: command.userId,
            studentId: command.studentId,
            whatsapp: command.whatsapp,
          },
        },
      ];
  }
}

/** A tenant's stream: created with its trainer, onboarded once by that trainer, joined by students. */
export const tenantDecider: Decider<TenantCommand, TenantEvent, TenantState> = {
  streamType: 'tenant',
  initialState,
  evolve,
  decide,
};
