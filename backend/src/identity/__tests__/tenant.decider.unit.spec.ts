import type { OnboardingData } from '../domain/onboarding-answers';
import { decide, stateFrom, type TenantCommand } from '../domain/tenant.decider';
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
const completeOnboarding: TenantCommand = {
  type: 'CompleteOnboarding',
  onboardingId: 'o-1',
  tenantId,
  userId,
  onboardingData: data,
};

const given = (events: TenantEvent[]) => ({
  when: (command: TenantCommand) => () => decide(stateFrom(events), command, now),
});

describe('tenant decider', () => {
  it('registers a trainer on a new tenant', () => {
    expect(
      given([]).when({ type: 'RegisterTrainer', tenantId, userId, nome: 'Ana', slug: 'ana' })(),
    ).toEqual(registered);
  });

  it('refuses to create a tenant twice', () => {
    expect(
      given(registered).when({
        type: 'RegisterTrainer',
        tenantId,
        userId,
        nome: 'Ana',
        slug: 'ana',
      }),
    ).toThrow(expect.objectContaining({ code: 'tenant_already_exists' }));
  });

  it('completes onboarding once, stamped with the clock it is given', () => {
    expect(given(registered).when(completeOnboarding)()).toEqual([
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
    const completed = [...registered, ...given(registered).when(completeOnboarding)()];
    expect(given(completed).when(completeOnboarding)).toThrow(
      expect.objectContaining({ code: 'onboarding_already_completed' }),
    );
  });

  it('refuses onboarding on an unknown tenant or by someone who is not its trainer', () => {
    expect(given([]).when(completeOnboarding)).toThrow(
      expect.objectContaining({ code: 'tenant_not_found' }),
    );
    expect(given(registered).when({ ...completeOnboarding, userId: 'someone-else' })).toThrow(
      expect.objectContaining({ code: 'forbidden' }),
    );
  });
});
