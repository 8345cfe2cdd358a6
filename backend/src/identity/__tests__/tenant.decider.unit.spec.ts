import { deciderSpec } from '../../../../test/support/decider-spec';
import type { OnboardingData } from '../../contracts/identity/api';
import { type TenantCommand, tenantDecider } from '../domain/tenant.decider';
import type { TenantEvent } from '../domain/tenant.events';

const now = new Date('2026-11-21T12:00:00Z');
const tenantId = '0193a000-0000-7000-8000-000000000001';
const userId = '0193a000-0000-7000-8000-000000000002';
const data: OnboardingData = {
  alunos_ativos: 10,
  tipo_atendimento: 'presencial',
  ticket_medio_mensal: 300,
  formas_cobranca: ['pix'],
  emite_recibo: true,
  faturamento_mensal_medio: 3000,
  tipo_planos: 'mensal',
  faz_desconto: false,
  tem_politica_cancelamento: true,
  objetivos: ['reserva'],
  meta_faturamento_6meses: 5000,
};
const registered: TenantEvent[] = [
  { type: 'TenantCreated', data: { tenantId, slug: 'ana', nome: 'Ana' } },
  { type: 'TrainerRegistered', data: { tenantId, userId, nome: 'Ana' } },
];
const registerTrainer: TenantCommand = {
  type: 'RegisterTrainer',
  tenantId,
  userId,
  nome: 'Ana',
  slug: 'ana',
};
const completeOnboarding: TenantCommand = {
  type: 'CompleteOnboarding',
  onboardingId: 'o-1',
  userId,
  onboardingData: data,
};

const given = deciderSpec(tenantDecider, now);

describe('tenant decider', () => {
  it('registers a trainer on a new tenant', () => {
    given().when(registerTrainer).then(registered);
  });

  it('refuses to create a tenant twice', () => {
    given(...registered)
      .when(registerTrainer)
      .thenFails('tenant_already_exists');
  });

  it('completes onboarding once, stamped with the clock it is given', () => {
    given(...registered)
      .when(completeOnboarding)
      .then([
        {
          type: 'OnboardingCompleted',
          data: {
            onboardingId: 'o-1',
            tenantId,
            userId,
            onboardingData: data,
            completedAt: now.toISOString(),
          },
        },
      ]);
    const completed = [
      ...registered,
      ...given(...registered)
        .when(completeOnboarding)
        .events(),
    ];
    given(...completed)
      .when(completeOnboarding)
      .thenFails('onboarding_already_completed');
  });

  it('refuses onboarding on an unknown tenant or by someone who is not its trainer', () => {
    given().when(completeOnboarding).thenFails('tenant_not_found');
    given(...registered)
      .when({ ...completeOnboarding, userId: 'someone-else' })
      .thenFails('forbidden');
  });
});
