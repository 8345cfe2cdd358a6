import { projectionSpec, type SpecEvent } from '../../../../test/support/projection-spec';
import { aBooking, ANA, anaProfile, anaReceita } from '../../../../test/support/spec-events';
import type { GoalsSettings } from '../domain/finance-settings.decider';
import { summariesProjection } from '../projections/summaries.projection';

/**
 * The rows the summaries write; the month's arithmetic itself is specified by the pure fold
 * (monthly-summary.unit.spec.ts).
 */
const PLAN = '0190a0b0-0000-7000-8000-0000000000f1';
const SESSION = '0190a0b0-0000-7000-8000-0000000000d1';
const receita = anaReceita();
const recorded: SpecEvent = { type: 'TransactionRecorded', data: receita };
const despesa: SpecEvent = {
  type: 'TransactionRecorded',
  data: { ...receita, tipo: 'despesa', valorCentavos: 12_000, studentId: null, allocations: [] },
  streamId: '0190a0b0-0000-7000-8000-0000000000b2',
};
/** Ana on an 8-credit plan of R$ 480,00: a session of hers is worth R$ 60,00. */
const anaOnAPlan: SpecEvent[] = [
  {
    type: 'PlanCreated',
    data: { nome: 'Mensal 8', descricao: null, valorCentavos: 48_000, creditos: 8 },
    streamId: PLAN,
  },
  {
    type: 'StudentRegistered',
    data: anaProfile({ nome: 'Ana', whatsapp: null, planoId: PLAN }),
    streamId: ANA,
  },
];
const booked = (inicio: string): SpecEvent => ({
  type: 'SessionBooked',
  data: aBooking({ inicio, fim: inicio }),
  streamId: SESSION,
});
const given = projectionSpec(summariesProjection);

describe('finance summaries projection', () => {
  it("adds a receita and a despesa to their month's row, and counts the payer", async () => {
    const spec = given(recorded, despesa);
    await spec.then('finance_monthly_summaries', [
      {
        month: '2030-03',
        recebido: '350.00',
        despesas: '120.00',
        transacoes: 2,
        pagantes: 1,
        reserva: '70.00',
        retirada: '280.00',
        imposto: '0.00',
        operacional: '0.00',
        previsto: '0.00',
      },
    ]);
    await spec.then('finance_month_payers', [{ month: '2030-03', payer: ANA, receitas: 1 }]);
  });

  it('takes a voided receita out, payer included', () =>
    given(recorded, despesa)
      .when({ type: 'TransactionVoided', data: receita })
      .then('finance_monthly_summaries', [
        {
          month: '2030-03',
          recebido: '0.00',
          despesas: '120.00',
          transacoes: 1,
          pagantes: 0,
          reserva: '0.00',
        },
      ]));

  it("values a booked session at its student's plan per credit, in the month of São Paulo", async () => {
    const spec = given(...anaOnAPlan).when(booked('2030-04-01T02:00:00.000Z'));
    await spec.then('finance_monthly_summaries', [
      { month: '2030-03', previsto: '60.00', transacoes: 0 },
    ]);
    await spec.then('finance_sessions', [
      {
        id: SESSION,
        studentId: ANA,
        month: '2030-03',
        status: 'agendada',
        deleted: false,
        valor: '60.00',
      },
    ]);
  });

  it('takes a deleted session out of previsto', () =>
    given(...anaOnAPlan, booked('2030-03-10T13:00:00.000Z'))
      .when({ type: 'SessionDeleted', data: {}, streamId: SESSION })
      .then('finance_monthly_summaries', [{ month: '2030-03', previsto: '0.00' }]));

  it('skips the events of a session it never saw booked', () =>
    given(...anaOnAPlan)
      .when({ type: 'SessionDeleted', data: {}, streamId: SESSION })
      .then('finance_sessions', []));

  it('tells the tenant which months moved, and when its time zone did', async () => {
    const spec = given(recorded, ...anaOnAPlan).when(despesa, booked('2030-04-10T13:00:00.000Z'), {
      type: 'FinanceGoalsSet',
      data: {
        metaMensalCentavos: 0,
        metaTrimestralCentavos: 0,
        metaAnualCentavos: 0,
        moeda: 'BRL',
        fusoHorario: 'America/Manaus',
        alocacao: { imposto: 0, reserva: 20, operacional: 0, retirada: 80 },
      } satisfies GoalsSettings,
    });
    await spec.thenChanges([
      { tenantId: spec.tenantId, type: 'finance-summary', id: '2030-03' },
      { tenantId: spec.tenantId, type: 'finance-summary', id: '2030-04' },
      { tenantId: spec.tenantId, type: 'finance-summary', id: 'zone' },
    ]);
  });
});
