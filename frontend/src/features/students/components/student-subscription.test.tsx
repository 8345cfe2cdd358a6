import type { Subscription } from '@contracts/charges/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStudent, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { StudentSubscription } from './student-subscription';

const carla = makeStudent({ id: '0198c5d2-0000-7000-8000-000000000001', nome: 'Carla Dias', whatsapp: '81987654321' });

const waiting: Subscription = {
  id: '0198c5d2-0000-7000-8000-00000000000a',
  studentId: carla.id,
  planId: '0198c5d2-0000-7000-8000-000000000002',
  planNome: 'Mensal 8',
  valor: 480,
  diaVencimento: 10,
  inicio: '2026-11-25',
  status: 'ativa',
  proximoVencimento: '2026-12-10',
  ultimoVencimento: null,
  pausadaAte: null,
  createdAt: '2026-11-25T12:00:00.000Z',
  cancelledAt: null,
  ciclosRecusados: [],
  pixAutomatico: {
    status: 'aguardando',
    motivo: null,
    pixCopiaECola: '00020101021226...6304ABCD',
    pedidoAoBanco: null,
  },
};

const REQUEST = `/api/subscriptions/${waiting.id}/pix-automatico/solicitacao`;

let api: ApiStub;

describe('Pix Automático: asking the student’s bank (Jornada 1)', () => {
  it("sends the bank and account, then says 'Pedido enviado ao banco do aluno' on the card", async () => {
    let current = waiting;
    api = stubApi({
      'GET /api/subscriptions': () => ({ status: 200, body: { items: [current] } }),
      [`POST ${REQUEST}`]: () => {
        current = {
          ...waiting,
          pixAutomatico: {
            ...waiting.pixAutomatico!,
            pedidoAoBanco: {
              enviadoEm: '2026-11-25T13:05:00.000Z',
              expiraEm: '2026-12-02T13:05:00.000Z',
            },
          },
        };
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    renderAt(<StudentSubscription student={carla} />, '/alunos/x', { queryClient: signInAs(TRAINER_ANA) });

    await user.click(await screen.findByRole('button', { name: 'Pedir no banco do aluno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir no banco do aluno' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Banco do aluno' }));
    await user.click(await screen.findByRole('option', { name: 'Nubank' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Agência' }), '0001');
    await user.type(within(dialog).getByRole('textbox', { name: 'Conta' }), '98765-4');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));

    expect(await screen.findAllByText('Pedido enviado ao banco do aluno')).not.toHaveLength(0);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      ispb: '18236120',
      agencia: '0001',
      conta: '98765-4',
    });
    // São Paulo's clock, whatever the device's.
    expect(
      await screen.findByText(/Enviado em 25\/11\/2026 10:05\. O aluno aprova no app do banco até 02\/12\/2026 10:05/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pedir no banco do aluno' })).not.toBeInTheDocument();
  });

  it("a bank of no list goes by its ISPB; the API's refusal stays in the dialog", async () => {
    const message = 'Banco inválido: o ISPB tem 8 letras ou dígitos';
    api = stubApi({
      'GET /api/subscriptions': () => ({ status: 200, body: { items: [waiting] } }),
      [`POST ${REQUEST}`]: () => ({
        status: 400,
        body: { statusCode: 400, code: 'validation_error', message },
      }),
    });
    const user = userEvent.setup();
    renderAt(<StudentSubscription student={carla} />, '/alunos/x', { queryClient: signInAs(TRAINER_ANA) });

    await user.click(await screen.findByRole('button', { name: 'Pedir no banco do aluno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedir no banco do aluno' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Banco do aluno' }));
    await user.click(await screen.findByRole('option', { name: 'Outro banco (informe o ISPB)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'ISPB do banco' }), '1234567');
    await user.type(within(dialog).getByRole('textbox', { name: 'Conta' }), '112233');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      ispb: '1234567',
      conta: '112233',
    });
    expect(screen.getByRole('dialog', { name: 'Pedir no banco do aluno' })).toBeInTheDocument();
  });
});

describe('Pix Automático the PSP did not make', () => {
  const notMade: Subscription = {
    ...waiting,
    pixAutomatico: { status: 'nao_criada', motivo: 'O PSP estava indisponível', pixCopiaECola: null, pedidoAoBanco: null },
  };
  const monthly = {
    id: waiting.planId,
    nome: 'Mensal 8',
    descricao: null,
    valor: 480,
    creditos: 8,
    valorPorCredito: 60,
    cobranca: { tipo: 'mensal', diaVencimento: 10 },
    arquivado: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };

  it('subscribing, the trainer is told the subscription has none and why; the card keeps saying so', async () => {
    let current: Subscription[] = [];
    api = stubApi({
      'GET /api/subscriptions': () => ({ status: 200, body: { items: current } }),
      'GET /api/plans': () => ({ status: 200, body: { items: [monthly] } }),
      [`POST /api/students/${carla.id}/subscription`]: () => {
        current = [notMade];
        return { status: 201, body: notMade };
      },
    });
    const user = userEvent.setup();
    renderAt(<StudentSubscription student={carla} />, '/alunos/x', { queryClient: signInAs(TRAINER_ANA) });

    await user.click(await screen.findByRole('button', { name: 'Assinar plano mensal' }));
    await user.click(await screen.findByRole('combobox', { name: 'Plano mensal' }));
    await user.click(await screen.findByRole('option', { name: /^Mensal 8/ }));
    await user.type(screen.getByRole('textbox', { name: 'CPF do pagador' }), '529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Assinar' }));

    const message = 'O PSP estava indisponível. Cada ciclo vira uma cobrança para pagar.';
    expect(await screen.findByText('Assinatura criada sem Pix Automático')).toBeInTheDocument();
    const card = await screen.findByLabelText('Pix Automático');
    expect(within(card).getByText('Não criado no PSP')).toBeInTheDocument();
    expect(within(card).getByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Assinatura criada')).not.toBeInTheDocument();
  });
});

describe('an inactive student', () => {
  it('is not offered a monthly plan: the card says to reactivate them first', async () => {
    const inactive = makeStudent({ id: carla.id, nome: 'Carla Dias', ativo: false });
    stubApi({ 'GET /api/subscriptions': () => ({ status: 200, body: { items: [] } }) });
    renderAt(<StudentSubscription student={inactive} />, `/alunos/${carla.id}`, { queryClient: signInAs(TRAINER_ANA) });
    expect(await screen.findByText('Aluno inativo: reative-o para assinar um plano mensal.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assinar plano mensal' })).not.toBeInTheDocument();
  });
});

describe('a cycle the PSP refused', () => {
  it("says so on the card with why, and 'Tentar de novo' asks the PSP again once", async () => {
    const refused: Subscription = {
      ...waiting,
      pixAutomatico: null,
      ciclosRecusados: [{ ciclo: '2026-12', vencimento: '2026-12-10', motivo: 'O PSP estava indisponível' }],
    };
    let current = refused;
    api = stubApi({
      'GET /api/subscriptions': () => ({ status: 200, body: { items: [current] } }),
      [`POST /api/subscriptions/${refused.id}/retry-cycle`]: () => {
        current = { ...refused, ciclosRecusados: [] };
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    renderAt(<StudentSubscription student={carla} />, '/alunos/x', { queryClient: signInAs(TRAINER_ANA) });

    expect(
      await screen.findByText(/Vencimento 10\/12\/2026: Cobrança não emitida pelo PSP: O PSP estava indisponível/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));

    expect(await screen.findByText('Cobrança pedida de novo ao PSP')).toBeInTheDocument();
    await screen.findByText('Próximo vencimento: 10/12/2026');
    expect(screen.queryByText(/Cobrança não emitida pelo PSP/)).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/subscriptions/${refused.id}/retry-cycle`,
    ]);
  });
});

describe("'Pausar assinatura'", () => {
  const active: Subscription = { ...waiting, pixAutomatico: null };

  it("pauses for the cycles chosen: the card says 'Pausada até <mês>' and offers 'Retomar', which bills again", async () => {
    let current = active;
    api = stubApi({
      'GET /api/subscriptions': () => ({ status: 200, body: { items: [current] } }),
      [`POST /api/subscriptions/${active.id}/pause`]: () => {
        current = { ...active, status: 'pausada', pausadaAte: '2027-02' };
        return { status: 200, body: current };
      },
      [`POST /api/subscriptions/${active.id}/resume`]: () => {
        current = active;
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    renderAt(<StudentSubscription student={carla} />, '/alunos/x', { queryClient: signInAs(TRAINER_ANA) });

    await user.click(await screen.findByRole('button', { name: 'Pausar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pausar assinatura' });
    expect(within(dialog).getByRole('radio', { name: '1 ciclo' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Até eu retomar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: '3 ciclos' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));

    expect(await screen.findByText('Pausada até fevereiro de 2027')).toBeInTheDocument();
    expect(screen.queryByText(/Próximo vencimento/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retomar' }));
    expect(await screen.findByText('Próximo vencimento: 10/12/2026')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      [`/api/subscriptions/${active.id}/pause`, { ciclos: 3 }],
      [`/api/subscriptions/${active.id}/resume`, undefined],
    ]);
  });

  it("paused until resumed, the card says 'Pausada'", async () => {
    let current = active;
    api = stubApi({
      'GET /api/subscriptions': () => ({ status: 200, body: { items: [current] } }),
      [`POST /api/subscriptions/${active.id}/pause`]: () => {
        current = { ...active, status: 'pausada', pausadaAte: null };
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    renderAt(<StudentSubscription student={carla} />, '/alunos/x', { queryClient: signInAs(TRAINER_ANA) });

    await user.click(await screen.findByRole('button', { name: 'Pausar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pausar assinatura' });
    await user.click(within(dialog).getByRole('radio', { name: 'Até eu retomar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pausar' }));

    expect(await screen.findByText('Pausada', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retomar' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ ciclos: null });
  });
});
