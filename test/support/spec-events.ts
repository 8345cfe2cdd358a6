import type { TransactionFacts } from '../../backend/src/contracts/finance/events';
import type { OnboardingData } from '../../backend/src/contracts/identity/api';
import type { SessionBooking } from '../../backend/src/contracts/scheduling/events';
import type { StudentProfile } from '../../backend/src/contracts/students/api';

/** A trainer's financial onboarding, as the answers the onboarding specs send are read. */
export const onboardingData: OnboardingData = {
  alunos_ativos: 25,
  tipo_atendimento: 'Presencial',
  ticket_medio_mensal: 350,
  formas_cobranca: ['pix', 'cartão', 'dinheiro'],
  emite_recibo: true,
  faturamento_mensal_medio: 1234.56,
  tipo_planos: 'Mensal e trimestral',
  faz_desconto: false,
  tem_politica_cancelamento: true,
  objetivos: ['reserva de emergência', 'viajar'],
  meta_faturamento_6meses: 5000,
};

/** The student the projection specs' events are about. */
export const ANA = '0190a0b0-0000-7000-8000-0000000000e1';

/**
 * Ana's R$ 350,00 monthly fee paid by Pix on 2030-03-04, a fifth of it reserved: the receita the
 * finance and credit specs start from, with what a spec needs otherwise in `more`.
 */
export const anaReceita = (more: Partial<TransactionFacts> = {}): TransactionFacts => ({
  tipo: 'receita',
  valorCentavos: 35_000,
  data: '2030-03-04',
  descricao: 'Mensalidade Ana',
  metodoPagamento: 'pix',
  studentId: ANA,
  referenciaId: null,
  referenciaTipo: null,
  allocations: [
    { tipo: 'reserva', valorCentavos: 7_000 },
    { tipo: 'retirada', valorCentavos: 28_000 },
  ],
  ...more,
});

/**
 * Ana's session of 2030-03-04 from 13:00 to 14:00 UTC (10:00 in São Paulo), booked by the trainer
 * at no location: the booking the session specs start from, with what a spec needs otherwise in
 * `more`.
 */
export const aBooking = (more: Partial<SessionBooking> = {}): SessionBooking => ({
  studentId: ANA,
  locationId: null,
  inicio: '2030-03-04T13:00:00.000Z',
  fim: '2030-03-04T14:00:00.000Z',
  observacoes: null,
  seriesId: null,
  allowOverlap: false,
  origin: 'personal',
  ...more,
});

/**
 * Ana Souza as the trainer registers her: her WhatsApp and nothing else, on no plan, with what a
 * spec needs otherwise in `more` (the data of StudentRegistered).
 */
export const anaProfile = (
  more: Partial<StudentProfile> & { visitante?: true } = {},
): StudentProfile & { visitante?: true } => ({
  nome: 'Ana Souza',
  telefone: null,
  whatsapp: '11999998888',
  email: null,
  planoId: null,
  observacoes: null,
  ...more,
});
