import type { Charge } from '@contracts/charges/api';
import { screen, within } from '@testing-library/react';
import { TRAINER_ANA } from '../../../test/fixtures';
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
