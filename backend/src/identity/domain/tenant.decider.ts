import { ConflictError, DomainError } from '../../platform/errors/domain-error';
import type { OnboardingData } from './onboarding-answers';
import type {
  OnboardingCompleted,
  TenantCreated,
  TenantEvent,
  TrainerRegistered,
} from './tenant.events';

export interface TenantState {
  exists: boolean;
  trainerIds: readonly string[];
  onboardingCompleted: boolean;
}

export const initialTenantState: TenantState = {
  exists: false,
  trainerIds: [],
  onboardingCompleted: false,
};

export interface RegisterTrainer {
  type: 'RegisterTrainer';
  tenantId: string;
  userId: string;
  nome: string;
  slug: string;
}

export interface CompleteOnboarding {
  type: 'CompleteOnboarding';
  onboardingId: string;
  tenantId: string;
  userId: string;
  onboardingData: OnboardingData;
}

export type TenantCommand = RegisterTrainer | CompleteOnboarding;

export function evolve(state: TenantState, event: TenantEvent): TenantState {
  switch (event.type) {
    case 'TenantCreated':
      return { ...state, exists: true };
    case 'TrainerRegistered':
      return { ...state, trainerIds: [...state.trainerIds, event.data.userId] };
    case 'OnboardingCompleted':
      return { ...state, onboardingCompleted: true };
  }
}

export function stateFrom(events: readonly TenantEvent[]): TenantState {
  return events.reduce(evolve, initialTenantState);
}

/** Pure: what a command on a tenant stream means, given the stream so far and the time now. */
export function decide(state: TenantState, command: TenantCommand, now: Date): TenantEvent[] {
  switch (command.type) {
    case 'RegisterTrainer': {
      if (state.exists)
        throw new ConflictError('tenant_already_exists', 'Este espaço de trabalho já existe.');
      const created: TenantCreated = {
        type: 'TenantCreated',
        data: { tenantId: command.tenantId, slug: command.slug, nome: command.nome },
      };
      const registered: TrainerRegistered = {
        type: 'TrainerRegistered',
        data: { tenantId: command.tenantId, userId: command.userId, nome: command.nome },
      };
      return [created, registered];
    }
    case 'CompleteOnboarding': {
      if (!state.exists) throw new DomainError('tenant_not_found', 'Tenant ID não encontrado', 404);
      if (!state.trainerIds.includes(command.userId)) {
        throw new DomainError('forbidden', 'Acesso negado', 403);
      }
      if (state.onboardingCompleted) {
        throw new ConflictError('onboarding_already_completed', 'O onboarding já foi concluído.');
      }
      const completed: OnboardingCompleted = {
        type: 'OnboardingCompleted',
        data: {
          onboardingId: command.onboardingId,
          tenantId: command.tenantId,
          userId: command.userId,
          onboardingData: command.onboardingData,
          completedAt: now.toISOString(),
        },
      };
      return [completed];
    }
  }
}
