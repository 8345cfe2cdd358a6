import type { Me } from '@contracts/identity/api';
import type { Location } from '@contracts/locations/api';
import type { Plan } from '@contracts/plans/api';
import type { Student } from '@contracts/students/api';

/** Ana, a trainer past onboarding: who most component tests are signed in as. */
export const TRAINER_ANA: Me = {
  id: 'u1',
  email: 'ana@exemplo.com',
  nome: 'Ana',
  role: 'personal',
  tenantId: 't1',
  tenantSlug: 'ana',
  onboardingRequired: false,
};

/** Ana before onboarding: just signed up, the app still has its questions for her. */
export const NEW_TRAINER_ANA: Me = { ...TRAINER_ANA, onboardingRequired: true };

const CREATED_AT = '2026-01-01T00:00:00Z';

/** An active student with what `fields` says and nothing else: no contact, plan, notes or credits. */
export const makeStudent = (fields: Partial<Student> & Pick<Student, 'id' | 'nome'>): Student => ({
  telefone: null,
  whatsapp: null,
  email: null,
  planoId: null,
  observacoes: null,
  ativo: true,
  creditos: 0,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  exclusaoPedidaEm: null,
  ...fields,
});

/** A plan charged one payment at a time (due on the 1st), not archived, with no description. */
export const makePlan = (fields: Pick<Plan, 'id' | 'nome' | 'valor' | 'creditos' | 'valorPorCredito'> & Partial<Plan>): Plan => ({
  descricao: null,
  cobranca: { tipo: 'avulso', diaVencimento: 1 },
  arquivado: false,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  ...fields,
});

/** Studio Paulista (l1), active, with no address and a free cancellation up to 24 hours before. */
export const makeLocation = (fields: Partial<Location> = {}): Location => ({
  id: 'l1',
  nome: 'Studio Paulista',
  endereco: null,
  enderecoPartes: null,
  cep: null,
  ativo: true,
  cancelLimiteHoras: 24,
  taxaPercent: 0,
  queimaCredito: false,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  ...fields,
});
