import { aBooking, anaProfile, anaReceita } from '../../../../test/support/spec-events';
import type { TransactionFacts } from '../../contracts/finance/events';
import {
  foldMonthlySummaries,
  type MonthDelta,
  type PayerDelta,
  type SummaryEvent,
  type SummaryRows,
} from '../domain/monthly-summary';

const TENANT = '0193a1b2-0000-7000-8000-000000000001';
const ANA = '0193a1b2-0000-7000-8000-0000000000a1';
const BIA = '0193a1b2-0000-7000-8000-0000000000b1';
const MENSAL = '0193a1b2-0000-7000-8000-0000000000c1';
const AVULSO = '0193a1b2-0000-7000-8000-0000000000c2';
const SESSION = '0193a1b2-0000-7000-8000-0000000000d1';

const NOTHING: SummaryRows = {
  sessions: new Map(),
  students: new Map(),
  plans: new Map(),
  zones: new Map(),
};

const versions = new Map<string, number>();
type SummaryType = SummaryEvent['eventType'];
type DataOf<Type extends SummaryType> = Extract<SummaryEvent, { eventType: Type }>['data'];
/** An event of `streamId`, at the stream's next version. */
function event<Type extends SummaryType>(
  streamId: string,
  eventType: Type,
  data: DataOf<Type>,
): SummaryEvent {
  const streamVersion = (versions.get(streamId) ?? 0) + 1;
  versions.set(streamId, streamVersion);
  // `data` is the data of `eventType`: the compiler does not carry that pair through the generic.
  return { tenantId: TENANT, streamId, streamVersion, eventType, data } as SummaryEvent;
}
beforeEach(() => versions.clear());

const plan = (id: string, valorCentavos: number, creditos: number) =>
  event(id, 'PlanCreated', { nome: 'Plano', descricao: null, valorCentavos, creditos });
const student = (id: string, planoId: string | null) =>
  event(id, 'StudentRegistered', anaProfile({ nome: 'Aluno', planoId }));
const booked = (id: string, studentId: string, inicio: string) =>
  event(id, 'SessionBooked', aBooking({ studentId, inicio }));
const receita = (
  id: string,
  valorCentavos: number,
  data: string,
  studentId: string | null,
): TransactionFacts =>
  anaReceita({
    valorCentavos,
    data,
    studentId,
    allocations: [
      { tipo: 'imposto', valorCentavos: valorCentavos / 10 },
      { tipo: 'operacional', valorCentavos: (valorCentavos * 9) / 10 },
    ],
  });

const month = (values: Partial<MonthDelta> & { month: string }): MonthDelta => ({
  tenantId: TENANT,
  previsto: 0,
  recebido: 0,
  despesas: 0,
  transacoes: 0,
  ...values,
  allocations: { imposto: 0, reserva: 0, operacional: 0, retirada: 0, ...values.allocations },
});

/** given(...what the earlier batches folded).when(...this batch).then(months, payers?) */
function given(...history: SummaryEvent[]) {
  const before = foldMonthlySummaries(NOTHING, history).rows;
  return {
    when(...batch: SummaryEvent[]) {
      const folded = foldMonthlySummaries(before, batch);
      return {
        then(months: MonthDelta[], payers?: Omit<PayerDelta, 'tenantId'>[]) {
          expect(folded.months).toEqual(months);
          if (payers)
            expect(folded.payers).toEqual(payers.map((payer) => ({ tenantId: TENANT, ...payer })));
        },
        folded,
      };
    },
  };
}

describe('the monthly summary of a trainer', () => {
  it('a receita adds to recebido, its allocations, the transactions and its payer', () => {
    given()
      .when(event('t1', 'TransactionRecorded', receita('t1', 20_000, '2026-11-03', ANA)))
      .then(
        [
          month({
            month: '2026-11',
            recebido: 20_000,
            transacoes: 1,
            allocations: { imposto: 2_000, reserva: 0, operacional: 18_000, retirada: 0 },
          }),
        ],
        [{ month: '2026-11', payer: ANA, delta: 1 }],
      );
  });

  it('a void takes out exactly what its transaction put in', () => {
    const facts = receita('t1', 20_000, '2026-11-03', null);
    given(event('t1', 'TransactionRecorded', facts))
      .when(event('t1', 'TransactionVoided', facts))
      .then(
        [
          month({
            month: '2026-11',
            recebido: -20_000,
            transacoes: -1,
            allocations: { imposto: -2_000, reserva: 0, operacional: -18_000, retirada: 0 },
          }),
        ],
        [{ month: '2026-11', payer: 'transacao:t1', delta: -1 }],
      );
  });

  it('a despesa adds to despesas, not to recebido', () => {
    given()
      .when(
        event(
          't2',
          'TransactionRecorded',
          anaReceita({
            tipo: 'despesa',
            valorCentavos: 5_000,
            data: '2026-12-01',
            studentId: null,
            allocations: [],
          }),
        ),
      )
      .then([month({ month: '2026-12', despesas: 5_000, transacoes: 1 })], []);
  });

  it("a booked session is previsto at its student's plan's value per credit", () => {
    given(plan(MENSAL, 40_000, 8), student(ANA, MENSAL))
      .when(booked(SESSION, ANA, '2026-11-10T12:00:00.000Z'))
      .then([month({ month: '2026-11', previsto: 5_000 })]);
  });

  it('the month is cut in São Paulo: 1 December 01:00 UTC is still November', () => {
    given(plan(MENSAL, 40_000, 8), student(ANA, MENSAL))
      .when(booked(SESSION, ANA, '2026-12-01T01:00:00.000Z'))
      .then([month({ month: '2026-11', previsto: 5_000 })]);
  });

  it('a rescheduled session moves its value from one month to the other', () => {
    given(
      plan(MENSAL, 40_000, 8),
      student(ANA, MENSAL),
      booked(SESSION, ANA, '2026-11-28T12:00:00Z'),
    )
      .when(event(SESSION, 'SessionRescheduled', { inicio: '2026-12-02T12:00:00Z', fim: '2026-12-02T13:00:00Z' }))
      .then([
        month({ month: '2026-11', previsto: -5_000 }),
        month({ month: '2026-12', previsto: 5_000 }),
      ]);
  });

  it('a cancelled session leaves previsto; a done one stays', () => {
    const history = [
      plan(MENSAL, 40_000, 8),
      student(ANA, MENSAL),
      booked(SESSION, ANA, '2026-11-10T12:00:00Z'),
    ];
    given(...history)
      .when(event(SESSION, 'SessionStatusChanged', { from: 'agendada', to: 'cancelada', lateCancellation: null }))
      .then([month({ month: '2026-11', previsto: -5_000 })]);
    versions.clear();
    given(
      ...[
        plan(MENSAL, 40_000, 8),
        student(ANA, MENSAL),
        booked(SESSION, ANA, '2026-11-10T12:00:00Z'),
      ],
    )
      .when(event(SESSION, 'SessionStatusChanged', { from: 'agendada', to: 'feita', lateCancellation: null }))
      .then([month({ month: '2026-11', previsto: 0 })]);
  });

  it("a session given to another student takes that student's plan's value", () => {
    given(
      plan(MENSAL, 40_000, 8),
      plan(AVULSO, 9_000, 1),
      student(ANA, MENSAL),
      student(BIA, AVULSO),
      booked(SESSION, ANA, '2026-11-10T12:00:00Z'),
    )
      .when(event(SESSION, 'SessionReassigned', { studentId: BIA }))
      .then([month({ month: '2026-11', previsto: 4_000 })]);
  });

  it('a later price change values only the sessions booked after it', () => {
    const history = [
      plan(MENSAL, 40_000, 8),
      student(ANA, MENSAL),
      booked(SESSION, ANA, '2026-11-10T12:00:00Z'),
    ];
    const { folded } = given(...history).when(
      event(MENSAL, 'PlanUpdated', { valorCentavos: 80_000 }),
      booked('s2', ANA, '2026-11-11T12:00:00Z'),
    );
    expect(folded.months).toEqual([month({ month: '2026-11', previsto: 10_000 })]);
    expect(folded.rows.sessions.get(SESSION)?.valorCentavos).toBe(5_000);
  });

  it('an event already folded (at or below the row version) adds nothing', () => {
    const first = [
      plan(MENSAL, 40_000, 8),
      student(ANA, MENSAL),
      booked(SESSION, ANA, '2026-11-10T12:00:00Z'),
    ];
    given(...first)
      .when(first[2])
      .then([]);
  });

  it('a student without a plan books at zero', () => {
    given(student(ANA, null))
      .when(booked(SESSION, ANA, '2026-11-10T12:00:00Z'))
      .then([month({ month: '2026-11' })]);
  });

  it("the trainer's own time zone cuts the months of the sessions booked after they set it", () => {
    given(
      plan(MENSAL, 40_000, 8),
      student(ANA, MENSAL),
      event('settings', 'FinanceGoalsSet', {
        metaMensalCentavos: 0,
        metaTrimestralCentavos: 0,
        metaAnualCentavos: 0,
        moeda: 'BRL',
        fusoHorario: 'Asia/Tokyo',
        alocacao: { imposto: 0, reserva: 0, operacional: 0, retirada: 100 },
      }),
    )
      .when(booked(SESSION, ANA, '2026-11-30T16:00:00Z'))
      .then([month({ month: '2026-12', previsto: 5_000 })]);
  });
});
