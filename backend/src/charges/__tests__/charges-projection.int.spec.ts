import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import type { ChargeCreatedData } from '../../contracts/charges/events';
import type { ChargeEvent } from '../domain/charge.events';
import { chargesProjection } from '../projections/charges.projection';

const ANA = '0190a0b0-0000-7000-8000-0000000000e1';
const PLAN = '0190a0b0-0000-7000-8000-0000000000f1';
const created = (more: Partial<ChargeCreatedData> = {}): ChargeEvent => ({
  type: 'ChargeCreated',
  data: {
    studentId: ANA,
    studentNome: 'Ana Souza',
    telefone: '11999998888',
    planId: PLAN,
    planNome: 'Mensal 8',
    creditos: 8,
    valorCentavos: 48_050,
    txid: 'VIRA0001',
    brCode: '00020126...6304ABCD',
    ...more,
  },
});
const given = projectionSpec(chargesProjection);

describe('charges projection', () => {
  it('keeps a charge of before due days pending, avulsa, by hand, by Pix, its value in reais', () =>
    given(created()).then('charges', [
      {
        studentId: ANA,
        studentNome: 'Ana Souza',
        telefone: '11999998888',
        planId: PLAN,
        planNome: 'Mensal 8',
        creditos: 8,
        valor: '480.50',
        txid: 'VIRA0001',
        brCode: '00020126...6304ABCD',
        origem: 'avulsa',
        provedor: 'manual',
        vencimento: null,
        sessionId: null,
        pagamento: 'pix',
        status: 'pendente',
        motivo: null,
        paidAt: null,
        cancelledAt: null,
        version: 1,
        createdAt: new Date(SPEC_CLOCK.getTime() + 1_000),
      },
    ]));

  it("keeps a subscription's Pix Automático cycle, its due day and provider", () =>
    given(
      created({
        origem: 'assinatura',
        provedor: 'api-pix',
        vencimento: '2030-04-10',
        tipoCob: 'cobr',
        ciclo: '2030-04',
      }),
    ).then('charges', [
      {
        origem: 'assinatura',
        provedor: 'api-pix',
        vencimento: '2030-04-10',
        pagamento: 'pix-automatico',
      },
    ]));

  it('marks it paid when it was', () =>
    given(created())
      .when({ type: 'ChargePaid', data: { via: 'manual', provider: null, endToEndId: null } })
      .then('charges', [
        { status: 'paga', paidAt: new Date(SPEC_CLOCK.getTime() + 2_000), version: 2 },
      ]));

  it('marks it cancelled, with why', () =>
    given(created())
      .when({ type: 'ChargeCancelled', data: { motivo: 'Aluno pagou em dinheiro' } })
      .then('charges', [
        {
          status: 'cancelada',
          motivo: 'Aluno pagou em dinheiro',
          cancelledAt: new Date(SPEC_CLOCK.getTime() + 2_000),
          version: 2,
        },
      ]));

  it('turns a Pix Automático cycle the bank refused into one paid by its static BR Code', () =>
    given(created({ tipoCob: 'cobr', brCode: '' }))
      .when({ type: 'ChargeAutomaticDebitEnded', data: { brCode: '00020126...6304EF01' } })
      .then('charges', [
        { pagamento: 'pix', brCode: '00020126...6304EF01', status: 'pendente', version: 2 },
      ]));

  it('skips the events of a charge it never saw created', () =>
    given(created())
      .when({ type: 'ChargeCancelled', data: {}, streamId: '0190a0b0-0000-7000-8000-000000000001' })
      .then('charges', [{ status: 'pendente', version: 1 }]));

  it('tells the tenant and the student which charge changed', async () => {
    const spec = given(created()).when({ type: 'ChargeCancelled', data: {} });
    await spec.thenChanges([
      { tenantId: spec.tenantId, type: 'charge', id: spec.streamId, studentId: ANA },
    ]);
  });
});
