import type { Charge, Subscription } from '@contracts/charges/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStudent, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { ChargesPage } from './charges-page';

const base: Charge = {
  id: '0190a0b0-0000-7000-8000-000000000001',
  studentId: '0190a0b0-0000-7000-8000-000000000002',
  studentNome: 'Carla Dias',
  planId: '0190a0b0-0000-7000-8000-000000000003',
  planNome: 'Mensal 8',
  creditos: 8,
  valor: 480,
  txid: 'T1',
  brCode: '',
  status: 'pendente',
  origem: 'assinatura',
  provedor: 'api-pix',
  pagamento: 'pix-automatico',
  vencimento: '2027-02-01',
  diasEmAtraso: 0,
  telefone: '81987654321',
  sessionId: null,
  motivo: null,
  createdAt: '2027-01-25T12:00:00.000Z',
  paidAt: null,
  cancelledAt: null,
  transactionId: null,
  valorDevolvido: 0,
  creditosPendentes: 0,
};

describe('Cobranças: how each charge is paid', () => {
  it('a Pix Automático cycle shows the automatic debit, no code to copy nor WhatsApp; an exhausted one is payable by its code', async () => {
    const exhausted: Charge = {
      ...base,
      id: '0190a0b0-0000-7000-8000-000000000004',
      studentNome: 'Bruno Lima',
      status: 'em_atraso',
      diasEmAtraso: 4,
      vencimento: '2027-01-01',
      pagamento: 'pix',
      brCode: '00020126STATIC5406480.00',
    };
    const noKey: Charge = {
      ...base,
      id: '0190a0b0-0000-7000-8000-000000000005',
      studentNome: 'Dora Melo',
      status: 'em_atraso',
      diasEmAtraso: 2,
      provedor: 'manual',
      pagamento: 'pix',
      brCode: '',
    };
    stubApi({
      'GET /api/charges': () => ({ status: 200, body: { items: [base, exhausted, noKey] } }),
    });
    renderAt(<ChargesPage />, '/financeiro/cobrancas', { queryClient: signInAs(TRAINER_ANA) });

    const automatic = await screen.findByRole('article', { name: 'Cobrança de Carla Dias' });
    expect(within(automatic).getByText('Débito automático (Pix Automático)')).toBeInTheDocument();
    expect(within(automatic).queryByRole('button', { name: 'Copiar código' })).not.toBeInTheDocument();
    expect(within(automatic).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(within(automatic).getByRole('button', { name: 'Marcar como pago' })).toBeInTheDocument();

    const late = screen.getByRole('article', { name: 'Cobrança de Bruno Lima' });
    expect(within(late).queryByText('Débito automático (Pix Automático)')).not.toBeInTheDocument();
    expect(within(late).getByRole('button', { name: 'Copiar código' })).toBeInTheDocument();
    const reminder = new URL(within(late).getByRole('link', { name: 'Lembrar no WhatsApp' }).getAttribute('href')!);
    expect(reminder.searchParams.get('text')).toContain('00020126STATIC5406480.00');

    // Without any code: no copy, and the reminder asks the student to reply instead of an empty code.
    const withoutCode = screen.getByRole('article', { name: 'Cobrança de Dora Melo' });
    expect(within(withoutCode).queryByRole('button', { name: 'Copiar código' })).not.toBeInTheDocument();
    const text = new URL(within(withoutCode).getByRole('link', { name: 'Lembrar no WhatsApp' }).getAttribute('href')!)
      .searchParams.get('text')!;
    expect(text).toContain('me responda por aqui');
    expect(text).not.toContain('Pix Copia e Cola');
    expect(within(withoutCode).getByRole('button', { name: 'Marcar como pago' })).toBeInTheDocument();
  });
});

describe('Cobranças: a cycle the PSP did not issue', () => {
  it("names the student and why, and 'Tentar de novo' asks the PSP again", async () => {
    const carla = makeStudent({ id: base.studentId, nome: 'Carla Dias' });
    const subscription: Subscription = {
      id: '0190a0b0-0000-7000-8000-00000000000a',
      studentId: carla.id,
      planId: base.planId,
      planNome: 'Mensal 8',
      valor: 480,
      diaVencimento: 1,
      inicio: '2027-01-01',
      status: 'ativa',
      proximoVencimento: '2027-02-01',
      ultimoVencimento: null,
      pausadaAte: null,
      createdAt: '2027-01-01T12:00:00.000Z',
      cancelledAt: null,
      ciclosRecusados: [{ ciclo: '2027-02', vencimento: '2027-02-01', motivo: 'O PSP estava indisponível' }],
      pixAutomatico: null,
    };
    let refusals = subscription.ciclosRecusados;
    const api = stubApi({
      'GET /api/charges': () => ({ status: 200, body: { items: [] } }),
      'GET /api/students': () => ({ status: 200, body: { items: [carla] } }),
      'GET /api/subscriptions': () => ({
        status: 200,
        body: { items: [{ ...subscription, ciclosRecusados: refusals }] },
      }),
      [`POST /api/subscriptions/${subscription.id}/retry-cycle`]: () => {
        refusals = [];
        return { status: 200, body: { ...subscription, ciclosRecusados: [] } };
      },
    });
    const user = userEvent.setup();
    renderAt(<ChargesPage />, '/financeiro/cobrancas', { queryClient: signInAs(TRAINER_ANA) });

    const alert = (await screen.findByText(/Cobrança não emitida pelo PSP: O PSP estava indisponível/)).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(await within(alert).findByRole('link', { name: 'Carla Dias' })).toHaveAttribute('href', `/alunos/${carla.id}`);
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));

    expect(await screen.findByText('Cobrança pedida de novo ao PSP')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Cobrança não emitida pelo PSP/)).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
