import { deciderSpec } from '../../../../test/support/decider-spec';
import type { ChargeCreatedData } from '../../contracts/charges/events';
import { chargeDecider } from '../domain/charge.decider';
import type { ChargeEvent } from '../domain/charge.events';

const given = deciderSpec(chargeDecider, new Date('2026-03-10T12:00:00Z'));
const charge: ChargeCreatedData = {
  studentId: '0190a0b0-0000-7000-8000-000000000001',
  studentNome: 'Bruno Lima',
  telefone: '11987654321',
  planId: '0190a0b0-0000-7000-8000-000000000002',
  planNome: 'Mensal',
  creditos: 8,
  valorCentavos: 48_000,
  txid: 'ABC123',
  brCode: '000201...',
};
const created: ChargeEvent = { type: 'ChargeCreated', data: charge };
const paid: ChargeEvent = {
  type: 'ChargePaid',
  data: { via: 'manual', provider: null, endToEndId: null },
};
const confirm = { type: 'ConfirmCharge', via: 'manual', provider: null, endToEndId: null } as const;

describe('charge decider', () => {
  it("cancels an erased student's charge still owed, once; a paid one stays paid", () => {
    const erased = { type: 'CancelErasedStudentsCharge', motivo: 'Titular removido' } as const;
    given(created)
      .when(erased)
      .then([{ type: 'ChargeCancelled', data: { motivo: 'Titular removido' } }]);
    given(created, paid).when(erased).then([]);
    given(created, { type: 'ChargeCancelled', data: {} }).when(erased).then([]);
  });

  it('creates a charge once', () => {
    given().when({ type: 'CreateCharge', charge }).then([created]);
    given(created).when({ type: 'CreateCharge', charge }).thenFails('charge_exists');
  });

  it('is paid once: a later confirmation changes nothing', () => {
    given(created).when(confirm).then([paid]);
    given(created, paid).when(confirm).then([]);
    given(created, paid)
      .when({ ...confirm, via: 'webhook', provider: 'psp' })
      .then([]);
  });

  it('a Pix the PSP confirms for a charge cancelled meanwhile is recorded: the money came', () => {
    const e2e = 'E12345678202611281200abcdefghijk';
    const cancelled: ChargeEvent = { type: 'ChargeCancelled', data: { motivo: 'Desistiu' } };
    for (const via of ['webhook', 'conciliacao'] as const)
      given(created, cancelled)
        .when({ ...confirm, via, provider: 'api-pix', endToEndId: e2e })
        .then([{ type: 'ChargePaid', data: { via, provider: 'api-pix', endToEndId: e2e } }]);
  });

  it('by hand, a cancelled charge cannot be paid; a paid one cannot be cancelled', () => {
    given(created)
      .when({ type: 'CancelCharge' })
      .then([{ type: 'ChargeCancelled', data: {} }]);
    given(created, { type: 'ChargeCancelled', data: {} })
      .when(confirm)
      .thenFails('charge_cancelled', 'Esta cobrança foi cancelada e não pode ser paga');
    given(created, paid).when({ type: 'CancelCharge' }).thenFails('charge_paid');
    given(created, { type: 'ChargeCancelled', data: {} }).when({ type: 'CancelCharge' }).then([]);
  });

  it('a fee is waived with its reason; a charge confirmed by the PSP carries its endToEndId', () => {
    given({ ...created, data: { ...charge, origem: 'taxa', creditos: 0 } })
      .when({ type: 'CancelCharge', motivo: 'Atestado médico' })
      .then([{ type: 'ChargeCancelled', data: { motivo: 'Atestado médico' } }]);
    const e2e = 'E12345678202611241200abcdefghijk';
    given(created)
      .when({ ...confirm, via: 'webhook', provider: 'api-pix', endToEndId: e2e })
      .then([
        { type: 'ChargePaid', data: { via: 'webhook', provider: 'api-pix', endToEndId: e2e } },
      ]);
  });

  it('a Pix Automático cycle the PSP ended unpaid gets its static code once; nothing else does', () => {
    const cobr: ChargeEvent = {
      type: 'ChargeCreated',
      data: { ...charge, brCode: '', tipoCob: 'cobr' },
    };
    const end = { type: 'EndAutomaticDebit', brCode: '00020126STATIC' } as const;
    const ended: ChargeEvent = {
      type: 'ChargeAutomaticDebitEnded',
      data: { brCode: '00020126STATIC' },
    };
    given(cobr).when(end).then([ended]);
    given(cobr, ended).when(end).then([]);
    given(cobr, paid).when(end).then([]);
    given(created).when(end).then([]);
    // Paid by its static code afterwards, by hand: once.
    given(cobr, ended).when(confirm).then([paid]);
  });

  it('a refund of what was paid is recorded once per devolução, never beyond what is kept; its credits are decided once', () => {
    const e2e = 'E12345678202611241200abcdefghijk';
    const refund = (devolucaoId: string, valorCentavos: number) =>
      ({ type: 'RecordRefund', devolucaoId, endToEndId: e2e, valorCentavos }) as const;
    const refunded = (devolucaoId: string, valorCentavos: number): ChargeEvent => ({
      type: 'ChargeRefunded',
      data: { devolucaoId, endToEndId: e2e, valorCentavos },
    });
    const quarter = refunded('D1', 12_000);
    given(created).when(refund('D1', 12_000)).then([]);
    given(created, paid).when(refund('D1', 12_000)).then([quarter]);
    given(created, paid, quarter).when(refund('D1', 12_000)).then([]);
    given(created, paid, quarter).when(refund('D2', 48_000)).then([refunded('D2', 36_000)]);
    given(created, paid, quarter).when(confirm).then([]);
    given(created, paid, quarter).when({ type: 'CancelCharge' }).thenFails('charge_paid');

    const decide = (remover: boolean) => ({ type: 'DecideRefundCredits', remover }) as const;
    given(created, paid).when(decide(true)).thenFails('not_refunded');
    // A quarter of 8 credits: 2 in question; the rest given back later asks for the other 6.
    const decidedTwo: ChargeEvent = {
      type: 'ChargeRefundCreditsDecided',
      data: { creditos: 2, remover: false },
    };
    given(created, paid, quarter).when(decide(false)).then([decidedTwo]);
    given(created, paid, quarter, decidedTwo).when(decide(true)).then([]);
    given(created, paid, quarter, decidedTwo, refunded('D2', 36_000))
      .when(decide(true))
      .then([{ type: 'ChargeRefundCreditsDecided', data: { creditos: 6, remover: true } }]);
  });

  it('an unknown charge is not found', () => {
    given().when(confirm).thenFails('not_found', 'Cobrança não encontrada');
  });
});
