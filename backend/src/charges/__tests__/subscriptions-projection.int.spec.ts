import { projectionSpec, SPEC_CLOCK } from '../../../../test/support/projection-spec';
import type { SubscriptionEvent } from '../../contracts/charges/events';
import { subscriptionsProjection } from '../projections/subscriptions.projection';

const CARLA = '0190a0b0-0000-7000-8000-0000000000e1';
const PLAN = '0190a0b0-0000-7000-8000-0000000000f1';
const CHARGE = '0190a0b0-0000-7000-8000-0000000000c1';
const at = (seconds: number) => new Date(SPEC_CLOCK.getTime() + seconds * 1_000);

const started: SubscriptionEvent = {
  type: 'SubscriptionStarted',
  data: {
    studentId: CARLA,
    studentNome: 'Carla Dias',
    planId: PLAN,
    planNome: 'Mensal 8',
    valorCentavos: 48_050,
    diaVencimento: 10,
    inicio: '2030-01-15',
    cpf: '52998224725',
  },
};
const due = (vencimento: string): SubscriptionEvent => ({
  type: 'SubscriptionCycleDue',
  data: { ciclo: vencimento.slice(0, 7), vencimento },
});
const refused = (vencimento: string): SubscriptionEvent => ({
  type: 'SubscriptionCycleRefused',
  data: { ciclo: vencimento.slice(0, 7), vencimento, motivo: 'O PSP estava indisponível' },
});
const given = projectionSpec(subscriptionsProjection);

describe('subscriptions projection', () => {
  it('starts active, its first cycle still to come due, at the time of its event', () =>
    given(started).then('subscriptions', [
      {
        studentId: CARLA,
        planId: PLAN,
        planNome: 'Mensal 8',
        valor: '480.50',
        diaVencimento: 10,
        inicio: '2030-01-15',
        status: 'ativa',
        billing: { status: 'ativa', ultimoVencimento: null, pausadaDesde: null, pausadaAte: null },
        proximoVencimento: '2030-02-10',
        recusas: [],
        createdAt: at(1),
        cancelledAt: null,
        pixAutomatico: null,
        recCheckAt: null,
        version: 1,
      },
    ]));

  it('moves the cursor past each cycle come due, and keeps what the PSP refused', () =>
    given(started, due('2030-02-10'), due('2030-03-10'), refused('2030-02-10')).then(
      'subscriptions',
      [
        {
          proximoVencimento: '2030-04-10',
          recusas: [
            { ciclo: '2030-02', vencimento: '2030-02-10', motivo: 'O PSP estava indisponível' },
          ],
          version: 4,
        },
      ],
    ));

  it('forgets a refusal once its cycle, tried again, is issued', () =>
    given(started, due('2030-02-10'), refused('2030-02-10'))
      .when(due('2030-02-10'), {
        type: 'SubscriptionCycleIssued',
        data: { ciclo: '2030-02', vencimento: '2030-02-10', chargeId: CHARGE },
      })
      .then('subscriptions', [{ proximoVencimento: '2030-03-10', recusas: [], version: 5 }]));

  it('keeps when the clock next tries a cycle the PSP failed to make, the earliest of them, until it comes due again', async () => {
    const failed = (vencimento: string, novaTentativaEm: string): SubscriptionEvent => ({
      type: 'SubscriptionCycleRefused',
      data: {
        ciclo: vencimento.slice(0, 7),
        vencimento,
        motivo: 'O PSP estava indisponível',
        novaTentativaEm,
      },
    });
    const opened = [started, due('2030-02-10'), due('2030-03-10')];
    await given(...opened, failed('2030-03-10', '2030-03-01T12:04:00.000Z'))
      .when(failed('2030-02-10', '2030-03-01T12:02:00.000Z'))
      .then('subscriptions', [
        {
          novaTentativaEm: new Date('2030-03-01T12:02:00Z'),
          recusas: [
            {
              ciclo: '2030-03',
              vencimento: '2030-03-10',
              motivo: 'O PSP estava indisponível',
              novaTentativaEm: '2030-03-01T12:04:00.000Z',
            },
            {
              ciclo: '2030-02',
              vencimento: '2030-02-10',
              motivo: 'O PSP estava indisponível',
              novaTentativaEm: '2030-03-01T12:02:00.000Z',
            },
          ],
        },
      ]);
    await given(...opened, failed('2030-02-10', '2030-03-01T12:02:00.000Z'))
      .when(due('2030-02-10'))
      .then('subscriptions', [{ novaTentativaEm: null, recusas: [] }]);
    await given(...opened, refused('2030-02-10')).then('subscriptions', [
      { novaTentativaEm: null },
    ]);
  });

  it('cancelled: no cursor past the last cycle that stays, the refusals of cycles left out gone', () =>
    given(started, due('2030-02-10'), due('2030-03-10'), refused('2030-03-10'))
      .when({ type: 'SubscriptionCancelled', data: { ultimoVencimento: '2030-02-10' } })
      .then('subscriptions', [
        {
          status: 'cancelada',
          billing: {
            status: 'cancelada',
            ultimoVencimento: '2030-02-10',
            pausadaDesde: null,
            pausadaAte: null,
          },
          proximoVencimento: null,
          recusas: [],
          cancelledAt: at(5),
          version: 5,
        },
      ]));

  it('a cycle left out: its refusal gone, the cursor where it was', () =>
    given(started, due('2030-02-10'), due('2030-03-10'), refused('2030-03-10'))
      .when({
        type: 'SubscriptionCycleLeftOut',
        data: { ciclo: '2030-03', vencimento: '2030-03-10', motivo: 'Assinatura pausada' },
      })
      .then('subscriptions', [{ proximoVencimento: '2030-04-10', recusas: [], version: 5 }]));

  it('keeps a cycle due by the cancellation still to come due', () =>
    given(started)
      .when({ type: 'SubscriptionCancelled', data: { ultimoVencimento: '2030-02-10' } })
      .then('subscriptions', [{ status: 'cancelada', proximoVencimento: '2030-02-10' }]));

  it('paused: the cycles it leaves out, their refusals gone; resumed, the pause ends where it said', () =>
    given(started, due('2030-02-10'), refused('2030-02-10'))
      .when(
        { type: 'SubscriptionPaused', data: { desde: '2030-02', ate: null } },
        { type: 'SubscriptionResumed', data: { ate: '2030-03' } },
      )
      .then('subscriptions', [
        {
          status: 'ativa',
          billing: {
            status: 'ativa',
            ultimoVencimento: null,
            pausadaDesde: '2030-02',
            pausadaAte: '2030-03',
          },
          proximoVencimento: '2030-03-10',
          recusas: [],
          version: 5,
        },
      ]));

  it('paused for some cycles: pausada until the last one', () =>
    given(started)
      .when({ type: 'SubscriptionPaused', data: { desde: '2030-02', ate: '2030-04' } })
      .then('subscriptions', [
        {
          status: 'pausada',
          billing: {
            status: 'pausada',
            ultimoVencimento: null,
            pausadaDesde: '2030-02',
            pausadaAte: '2030-04',
          },
          version: 2,
        },
      ]));

  it('resumed before any paused cycle came: no pause left', () =>
    given(started, { type: 'SubscriptionPaused', data: { desde: '2030-02', ate: null } })
      .when({ type: 'SubscriptionResumed', data: { ate: '2030-01' } })
      .then('subscriptions', [
        {
          status: 'ativa',
          billing: {
            status: 'ativa',
            ultimoVencimento: null,
            pausadaDesde: null,
            pausadaAte: null,
          },
        },
      ]));

  const idRec = 'RR1234567820300115abcdefghijk';
  const requested: SubscriptionEvent = {
    type: 'SubscriptionRecurrenceRequested',
    data: { idRec, txid: 'T'.repeat(32), pixCopiaECola: 'QR' },
  };

  it("asks the PSP about a waiting recurrence a minute after the event's time, never the clock's", () =>
    given(started, requested).then('subscriptions', [
      {
        idRec,
        pixAutomatico: 'aguardando',
        pixAutomaticoQr: 'QR',
        recCheckAt: new Date(at(2).getTime() + 60_000),
      },
    ]));

  it('stops asking once the recurrence is authorised', () =>
    given(started, requested)
      .when({ type: 'SubscriptionRecurrenceAuthorised', data: { idRec } })
      .then('subscriptions', [
        { pixAutomatico: 'autorizada', pixAutomaticoQr: null, recCheckAt: null, version: 3 },
      ]));

  it("tells the tenant's browsers which subscription changed", async () => {
    const spec = given(started).when(due('2030-02-10'));
    await spec.thenChanges([{ tenantId: spec.tenantId, type: 'subscription', id: spec.streamId }]);
  });
});
