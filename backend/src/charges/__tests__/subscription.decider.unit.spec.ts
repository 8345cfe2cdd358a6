import { deciderSpec } from '../../../../test/support/decider-spec';
import type { SubscriptionEvent, SubscriptionStartedData } from '../../contracts/charges/events';
import {
  billsCycle,
  cycleChargeIdOf,
  firstDueDate,
  lastDueOnOrBefore,
  nextDueDate,
  subscriptionDecider,
} from '../domain/subscription.decider';

const subscription: SubscriptionStartedData = {
  studentId: '0198c5d2-0000-7000-8000-000000000001',
  studentNome: 'Carla Dias',
  planId: '0198c5d2-0000-7000-8000-000000000002',
  planNome: 'Mensal 8',
  valorCentavos: 48_000,
  diaVencimento: 1,
  inicio: '2027-01-10',
  cpf: null,
};
const started: SubscriptionEvent = { type: 'SubscriptionStarted', data: subscription };
const dueOn = (vencimento: string): SubscriptionEvent => ({
  type: 'SubscriptionCycleDue',
  data: { ciclo: vencimento.slice(0, 7), vencimento },
});
const leftOut = (vencimento: string, motivo: string): SubscriptionEvent => ({
  type: 'SubscriptionCycleLeftOut',
  data: { ciclo: vencimento.slice(0, 7), vencimento, motivo },
});
// 2027-03-01 02:30 UTC is still 28 February in São Paulo (UTC-3).
const given = deciderSpec(subscriptionDecider, new Date('2027-03-01T02:30:00Z'));

describe('subscription decider', () => {
  it('starts one active subscription per student, its first cycle due at once when already due or within the lead days', () => {
    // Feb 1 passed (Feb 28 in São Paulo): the first cycle comes due with it; Mar 1's on the clock's word.
    given()
      .when({ type: 'Subscribe', subscription })
      .then([started, dueOn('2027-02-01')]);
    given()
      .when({ type: 'Subscribe', subscription: { ...subscription, inicio: '2027-02-02' } })
      .then([
        { type: 'SubscriptionStarted', data: { ...subscription, inicio: '2027-02-02' } },
        dueOn('2027-03-01'),
      ]);
    given()
      .when({ type: 'Subscribe', subscription: { ...subscription, inicio: '2027-03-10' } })
      .then([{ type: 'SubscriptionStarted', data: { ...subscription, inicio: '2027-03-10' } }]);
    given(started)
      .when({ type: 'Subscribe', subscription })
      .thenFails(
        'subscription_exists',
        'Este aluno já tem uma assinatura ativa: cancele-a antes de assinar outro plano',
      );
  });

  it('cancels from the next cycle: the cycle due by today in São Paulo stays', () => {
    // Due on Feb 1; Mar 1 is tomorrow in São Paulo though today in UTC.
    given(started)
      .when({ type: 'CancelSubscription' })
      .then([{ type: 'SubscriptionCancelled', data: { ultimoVencimento: '2027-02-01' } }]);
  });

  it('leaves no cycle when cancelled before the first is due, and cancels once', () => {
    const later: SubscriptionEvent = {
      type: 'SubscriptionStarted',
      data: { ...subscription, inicio: '2027-03-01' },
    };
    given(later)
      .when({ type: 'CancelSubscription' })
      .then([{ type: 'SubscriptionCancelled', data: { ultimoVencimento: null } }]);
    const cancelled: SubscriptionEvent = {
      type: 'SubscriptionCancelled',
      data: { ultimoVencimento: null },
    };
    given(later, cancelled).when({ type: 'CancelSubscription' }).then([]);
    given(later, cancelled)
      .when({ type: 'Subscribe', subscription })
      .then([started, dueOn('2027-02-01')]);
  });

  it('answers not found for a student without a subscription', () => {
    given()
      .when({ type: 'CancelSubscription' })
      .thenFails('not_found', 'Assinatura não encontrada');
  });
});

describe('subscription decider: cycles', () => {
  const chargeOf = (vencimento: string) => cycleChargeIdOf(STREAM, vencimento.slice(0, 7));
  const issued = (vencimento: string): SubscriptionEvent => ({
    type: 'SubscriptionCycleIssued',
    data: { ciclo: vencimento.slice(0, 7), vencimento, chargeId: chargeOf(vencimento) },
  });
  const refused = (
    vencimento: string,
    motivo: string,
    novaTentativaEm?: string,
  ): SubscriptionEvent => ({
    type: 'SubscriptionCycleRefused',
    data: {
      ciclo: vencimento.slice(0, 7),
      vencimento,
      motivo,
      ...(novaTentativaEm ? { novaTentativaEm } : {}),
    },
  });
  const STREAM = '0198c5d2-0000-7000-8000-00000000000a';
  const motivo = 'Chave Pix inválida';

  it("opens each cycle once, in order, up to the clock's day, however often it is told", () => {
    given(started)
      .when({ type: 'OpenDueCycles', ate: '2027-04-05' })
      .then([dueOn('2027-02-01'), dueOn('2027-03-01'), dueOn('2027-04-01')]);
    given(started, dueOn('2027-02-01'), dueOn('2027-03-01'))
      .when({ type: 'OpenDueCycles', ate: '2027-03-31' })
      .then([]);
    given().when({ type: 'OpenDueCycles', ate: '2027-03-31' }).thenFails('not_found');
  });

  it('records a cycle issued or refused once; a refused one waits for the trainer, then comes due again', () => {
    const opened = [started, dueOn('2027-02-01')];
    given(...opened)
      .when({ type: 'RecordCycleIssued', ciclo: '2027-02', chargeId: chargeOf('2027-02-01') })
      .then([issued('2027-02-01')]);
    given(...opened, issued('2027-02-01'))
      .when({ type: 'RecordCycleIssued', ciclo: '2027-02', chargeId: chargeOf('2027-02-01') })
      .then([]);
    given(...opened)
      .when({ type: 'RecordCycleRefused', ciclo: '2027-02', motivo, transitoria: false })
      .then([refused('2027-02-01', motivo)]);
    given(...opened, refused('2027-02-01', motivo))
      .when({ type: 'RecordCycleRefused', ciclo: '2027-02', motivo, transitoria: false })
      .then([]);
    given(...opened, refused('2027-02-01', motivo))
      .when({ type: 'RetryRefusedCycles' })
      .then([dueOn('2027-02-01')]);
    given(...opened)
      .when({ type: 'RetryRefusedCycles' })
      .thenFails('nothing_to_retry', 'Nenhuma cobrança desta assinatura foi recusada pelo PSP');
  });

  it('tries a cycle the PSP failed to make (down, unreachable) again on the clock once its wait is over, the wait doubling from 2 minutes up to an hour', () => {
    const unavailable = 'O PSP estava indisponível';
    const opened = [started, dueOn('2027-02-01'), dueOn('2027-03-01')];
    const clock = { type: 'OpenDueCycles', ate: '2027-03-05' } as const;
    const failure = {
      type: 'RecordCycleRefused',
      ciclo: '2027-02',
      motivo: unavailable,
      transitoria: true,
    } as const;
    const at = (instant: string) => deciderSpec(subscriptionDecider, new Date(instant));
    // given's clock: 2027-03-01T02:30:00Z.
    given(...opened)
      .when(failure)
      .then([refused('2027-02-01', unavailable, '2027-03-01T02:32:00.000Z')]);
    const failed = [...opened, refused('2027-02-01', unavailable, '2027-03-01T02:32:00.000Z')];
    at('2027-03-01T02:31:59Z')(...failed)
      .when(clock)
      .then([]);
    at('2027-03-01T02:32:00Z')(...failed)
      .when(clock)
      .then([dueOn('2027-02-01')]);
    // Two workers: the cycle is open again, the second clock's word opens nothing.
    at('2027-03-01T02:32:00Z')(...failed, dueOn('2027-02-01'))
      .when(clock)
      .then([]);

    // Each failure in a row waits twice as long as the one before, never more than an hour.
    const history = [...opened];
    let instant = new Date('2027-03-01T02:30:00Z');
    const waits: number[] = [];
    for (let failures = 0; failures < 7; failures++) {
      const [event] = at(instant.toISOString())(...history)
        .when(failure)
        .events();
      if (event.type !== 'SubscriptionCycleRefused') throw new Error(event.type);
      const retryAt = new Date(event.data.novaTentativaEm!);
      waits.push((retryAt.getTime() - instant.getTime()) / 60_000);
      history.push(
        event,
        ...at(retryAt.toISOString())(...history, event)
          .when(clock)
          .events(),
      );
      instant = new Date(retryAt.getTime() + 1_000);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60]);
  });

  it('never tries a refused cycle again on the clock: it waits for the trainer', () => {
    const opened = [started, dueOn('2027-02-01'), dueOn('2027-03-01')];
    given(...opened)
      .when({ type: 'RecordCycleRefused', ciclo: '2027-02', motivo, transitoria: false })
      .then([refused('2027-02-01', motivo)]);
    deciderSpec(subscriptionDecider, new Date('2027-04-01T12:00:00Z'))(
      ...opened,
      refused('2027-02-01', motivo),
    )
      .when({ type: 'OpenDueCycles', ate: '2027-03-05' })
      .then([]);
  });

  it('bills after a cancellation only the cycles due by then: one opened ahead is left out, none opens after', () => {
    const opened = [started, dueOn('2027-02-01'), dueOn('2027-03-01')];
    const cancelled: SubscriptionEvent[] = [
      { type: 'SubscriptionCancelled', data: { ultimoVencimento: '2027-02-01' } },
      leftOut('2027-03-01', 'Assinatura cancelada'),
    ];
    given(...opened)
      .when({ type: 'CancelSubscription' })
      .then(cancelled);
    expect(
      billsCycle(
        {
          status: 'cancelada',
          ultimoVencimento: '2027-02-01',
          pausadaDesde: null,
          pausadaAte: null,
        },
        '2027-02-01',
      ),
    ).toBe(true);
    given(...opened, ...cancelled)
      .when({ type: 'OpenDueCycles', ate: '2027-12-31' })
      .then([]);
    given(...opened, ...cancelled)
      .when({ type: 'RecordCycleRefused', ciclo: '2027-03', motivo, transitoria: false })
      .then([]);
    given(...opened, ...cancelled)
      .when({ type: 'CancelSubscription' })
      .then([]);
  });
});

describe("subscription decider: 'Pausar assinatura'", () => {
  // Feb 28 in São Paulo: Feb 1 is due already, Mar 1 is the first cycle not yet due.
  const opened = [started, dueOn('2027-02-01'), dueOn('2027-03-01')];
  const paused = (ate: string | null): SubscriptionEvent => ({
    type: 'SubscriptionPaused',
    data: { desde: '2027-03', ate },
  });

  const pausedOut = leftOut('2027-03-01', 'Assinatura pausada');

  it('pauses from the first cycle not yet due, for 1 to 3 cycles or until resumed; the one opened ahead is left out once', () => {
    given(...opened)
      .when({ type: 'PauseSubscription', ciclos: 2 })
      .then([paused('2027-04'), pausedOut]);
    given(...opened)
      .when({ type: 'PauseSubscription', ciclos: null })
      .then([paused(null), pausedOut]);
    given(...opened, paused('2027-04'), pausedOut)
      .when({ type: 'PauseSubscription', ciclos: 1 })
      .then([paused('2027-03')]);
  });

  it('opens none of the paused cycles; the next one opens after', () => {
    given(...opened, paused('2027-04'))
      .when({ type: 'OpenDueCycles', ate: '2027-05-05' })
      .then([dueOn('2027-05-01')]);
    given(...opened, paused(null))
      .when({ type: 'OpenDueCycles', ate: '2027-12-31' })
      .then([]);
    given(...opened, paused('2027-04'))
      .when({
        type: 'RecordCycleRefused',
        ciclo: '2027-03',
        motivo: 'O PSP estava indisponível',
        transitoria: true,
      })
      .then([]);
  });

  it('resumes from the first cycle not yet due: the paused ones before it stay uncharged', () => {
    given(...opened, paused(null))
      .when({ type: 'ResumeSubscription' })
      .then([{ type: 'SubscriptionResumed', data: { ate: '2027-02' } }]);
    // Resumed in April (Apr 1 due already): March and April stay out, May is charged.
    const april = deciderSpec(subscriptionDecider, new Date('2027-04-02T12:00:00Z'));
    const resumed: SubscriptionEvent = { type: 'SubscriptionResumed', data: { ate: '2027-04' } };
    april(...opened, paused(null))
      .when({ type: 'ResumeSubscription' })
      .then([resumed]);
    april(...opened, paused(null), resumed)
      .when({ type: 'OpenDueCycles', ate: '2027-05-05' })
      .then([dueOn('2027-05-01')]);
    given(...opened)
      .when({ type: 'ResumeSubscription' })
      .then([]);
  });

  it("refuses to pause or resume a cancelled one with 409 'not_active'; a paused one is still the student's subscription", () => {
    const cancelled: SubscriptionEvent = {
      type: 'SubscriptionCancelled',
      data: { ultimoVencimento: '2027-02-01' },
    };
    const message = 'Esta assinatura foi cancelada: não pode ser pausada nem retomada';
    given(...opened, cancelled)
      .when({ type: 'PauseSubscription', ciclos: 1 })
      .thenFails('not_active', message);
    given(...opened, cancelled)
      .when({ type: 'ResumeSubscription' })
      .thenFails('not_active', message);
    given(...opened, paused(null))
      .when({ type: 'Subscribe', subscription })
      .thenFails('subscription_exists');
  });
});

describe('subscription decider: Pix Automático', () => {
  const idRec = 'RR1234567820270110abcdefghijk';
  const requested: SubscriptionEvent = {
    type: 'SubscriptionRecurrenceRequested',
    data: { idRec, txid: 'A'.repeat(32), pixCopiaECola: '000201...6304ABCD' },
  };
  const authorised: SubscriptionEvent = {
    type: 'SubscriptionRecurrenceAuthorised',
    data: { idRec },
  };
  const cancelled: SubscriptionEvent = {
    type: 'SubscriptionCancelled',
    data: { ultimoVencimento: '2027-02-01' },
  };

  it('requests one recurrence for an active subscription, the same one again changing nothing', () => {
    given(started)
      .when({ type: 'RequestRecurrence', ...requested.data })
      .then([requested]);
    given(started, requested)
      .when({ type: 'RequestRecurrence', ...requested.data })
      .then([]);
    given(started, requested)
      .when({
        type: 'RequestRecurrence',
        ...requested.data,
        idRec: 'RR9999999920270110abcdefghijk',
      })
      .thenFails('recurrence_exists', 'Esta assinatura já tem um Pix Automático em andamento');
    given(started, cancelled)
      .when({ type: 'RequestRecurrence', ...requested.data })
      .thenFails('subscription_cancelled', 'Esta assinatura foi cancelada');
  });

  it('authorises its own waiting recurrence once, whatever the PSP repeats', () => {
    given(started, requested).when({ type: 'AuthoriseRecurrence', idRec }).then([authorised]);
    given(started, requested, authorised).when({ type: 'AuthoriseRecurrence', idRec }).then([]);
    // Another recurrence, none at all, or a subscription cancelled meanwhile: nothing.
    given(started, requested)
      .when({ type: 'AuthoriseRecurrence', idRec: 'RR9999999920270110abcdefghijk' })
      .then([]);
    given(started).when({ type: 'AuthoriseRecurrence', idRec }).then([]);
    given(started, requested, cancelled).when({ type: 'AuthoriseRecurrence', idRec }).then([]);
  });

  it('asks the student’s bank only while its recurrence waits for the student', () => {
    const request = {
      type: 'RequestRecurrenceAuthorisation',
      idRec,
      idSolicRec: 'SC1234567820270301abcdefghijk',
      expiraEm: '2027-03-08T02:30:00.000Z',
    } as const;
    given(started, requested)
      .when(request)
      .then([
        {
          type: 'SubscriptionRecurrenceAuthorisationRequested',
          data: {
            idRec,
            idSolicRec: request.idSolicRec,
            expiraEm: request.expiraEm,
            enviadoEm: '2027-03-01T02:30:00.000Z',
          },
        },
      ]);
    const notWaiting =
      'Esta assinatura não tem um Pix Automático aguardando a autorização do aluno';
    given(started, requested, authorised)
      .when(request)
      .thenFails('recurrence_not_waiting', notWaiting);
    given(started).when(request).thenFails('recurrence_not_waiting', notWaiting);
    given(started, requested, cancelled)
      .when(request)
      .thenFails('recurrence_not_waiting', notWaiting);
  });

  it('ends an open recurrence once, refused or cancelled; an ended one stays ended', () => {
    const refused: SubscriptionEvent = {
      type: 'SubscriptionRecurrenceEnded',
      data: { idRec, motivo: 'recusada' },
    };
    given(started, requested)
      .when({ type: 'EndRecurrence', idRec, motivo: 'recusada' })
      .then([refused]);
    given(started, requested, refused)
      .when({ type: 'EndRecurrence', idRec, motivo: 'recusada' })
      .then([]);
    given(started, requested, refused).when({ type: 'AuthoriseRecurrence', idRec }).then([]);
    given(started, requested, authorised, cancelled)
      .when({ type: 'EndRecurrence', idRec, motivo: 'cancelada' })
      .then([{ type: 'SubscriptionRecurrenceEnded', data: { idRec, motivo: 'cancelada' } }]);
    // A new recurrence may follow one that ended.
    given(started, requested, refused)
      .when({
        type: 'RequestRecurrence',
        ...requested.data,
        idRec: 'RR9999999920270110abcdefghijk',
      })
      .then([
        {
          type: 'SubscriptionRecurrenceRequested',
          data: { ...requested.data, idRec: 'RR9999999920270110abcdefghijk' },
        },
      ]);
  });

  it('records a recurrence the PSP did not make on an active subscription without one', () => {
    const motivo = 'O PSP está indisponível (HTTP 503): tente de novo em instantes';
    const failed: SubscriptionEvent = { type: 'SubscriptionRecurrenceFailed', data: { motivo } };
    given(started).when({ type: 'RecordRecurrenceFailure', motivo }).then([failed]);
    // A recurrence made meanwhile stands; a cancelled subscription has nothing to tell.
    given(started, requested).when({ type: 'RecordRecurrenceFailure', motivo }).then([]);
    given(started, cancelled).when({ type: 'RecordRecurrenceFailure', motivo }).then([]);
    given()
      .when({ type: 'RecordRecurrenceFailure', motivo })
      .thenFails('not_found', 'Assinatura não encontrada');
  });
});

describe('cycle due days', () => {
  it('first falls on the due day on or after the start, then every month', () => {
    expect(firstDueDate('2027-01-10', 1)).toBe('2027-02-01');
    expect(firstDueDate('2027-01-01', 1)).toBe('2027-01-01');
    expect(firstDueDate('2026-12-20', 28)).toBe('2026-12-28');
    expect(firstDueDate('2026-12-29', 28)).toBe('2027-01-28');
    expect(nextDueDate('2027-01-28', 28)).toBe('2027-02-28');
    expect(nextDueDate('2026-12-05', 5)).toBe('2027-01-05');
  });

  it('finds the last cycle due by a day, across a year end', () => {
    expect(lastDueOnOrBefore('2026-12-20', 1, '2027-02-28')).toBe('2027-02-01');
    expect(lastDueOnOrBefore('2026-12-20', 1, '2027-03-01')).toBe('2027-03-01');
    expect(lastDueOnOrBefore('2026-12-20', 1, '2026-12-31')).toBeNull();
  });
});
