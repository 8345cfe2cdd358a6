import type { CreditHistoryItem } from '@contracts/students/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { makeStudent, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { EditStudentPage } from './edit-student-page';
import { StudentDetailPage } from './student-detail-page';

const bruno = makeStudent({
  id: 's1',
  nome: 'Bruno Lima',
  whatsapp: '11987654321',
  email: 'bruno@exemplo.com',
  planoId: 'p8',
  observacoes: 'Joelho direito',
  creditos: 7,
});

const history: CreditHistoryItem[] = [
  {
    position: 5,
    occurredAt: '2026-11-21T02:05:00Z',
    type: 'CreditsGranted',
    amount: 8,
    valor: null,
    balanceAfter: 8,
    actor: { id: 'u1', role: 'personal' },
    reason: 'Renovação do plano Mensal 8 aulas',
    sessionId: null,
    transactionId: null,
  },
  {
    position: 9,
    occurredAt: '2026-11-22T13:30:00Z',
    type: 'CreditConsumed',
    amount: -1,
    valor: null,
    balanceAfter: 7,
    actor: { id: 'sys', role: 'system' },
    reason: 'Sessão realizada',
    sessionId: null,
    transactionId: null,
  },
  {
    position: 12,
    occurredAt: '2026-11-23T12:00:00Z',
    type: 'PaymentReceived',
    amount: 0,
    valor: 480,
    balanceAfter: 7,
    actor: { id: 'u1', role: 'personal' },
    reason: 'Mensalidade: R$ 480,00 (PIX)',
    sessionId: null,
    transactionId: 't1',
  },
];

const plan = { id: 'p8', nome: 'Mensal 8 aulas', descricao: null, valor: 400, creditos: 8, valorPorCredito: 50, cobranca: { tipo: 'avulso', diaVencimento: 1 }, arquivado: false, createdAt: '', updatedAt: '' };

const session = {
  studentId: 's1',
  studentNome: 'Bruno Lima',
  locationId: 'l1',
  locationNome: 'Academia Centro',
  confirmado: true,
  nomeInformado: null,
  observacoes: null,
  seriesId: null,
  confirmadoPeloAluno: false,
  remarcarPedido: false,
  lembrete: null,
};
const upcoming = { ...session, id: 'x1', inicio: '2030-03-04T21:00:00.000Z', fim: '2030-03-04T22:00:00.000Z', status: 'agendada' };
const done = { ...session, id: 'x0', inicio: '2026-11-22T12:30:00.000Z', fim: '2026-11-22T13:30:00.000Z', status: 'feita' };

let api: ApiStub;
beforeEach(() => {
  api = stubApi({
    'GET /api/students/s1': () => ({ status: 200, body: bruno }),
    'GET /api/students/s1/history': () => ({ status: 200, body: { items: history } }),
    'GET /api/plans': () => ({ status: 200, body: { items: [plan] } }),
    'GET /api/students/s1/sessions': () => ({ status: 200, body: { proximas: [upcoming], anteriores: [done] } }),
    'GET /api/charges': () => ({ status: 200, body: { items: [] } }),
    'PATCH /api/students/s1': () => ({ status: 200, body: { id: 's1', position: 11 } }),
  });
});

function renderPage(path: string) {
  renderAt(
    <Routes>
      <Route path="/alunos/:id" element={<StudentDetailPage />} />
      <Route path="/alunos/edit/:id" element={<EditStudentPage />} />
      <Route path="*" element={null} />
    </Routes>,
    path,
    { queryClient: signInAs(TRAINER_ANA) },
  );
}

describe('student page /alunos/{id}', () => {
  it('shows balance, plan, contact, actions, the sessions to come and before, and the credit history, newest first', async () => {
    renderPage('/alunos/s1');
    expect(await screen.findByRole('heading', { name: 'Bruno Lima' })).toBeInTheDocument();
    expect(screen.getByText('7 créditos').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    expect(await screen.findByText('Mensal 8 aulas (8 créditos)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(11) 98765-4321' })).toHaveAttribute('href', 'https://wa.me/5511987654321');
    expect(screen.getByRole('button', { name: 'Renovar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/alunos/edit/s1');
    expect(screen.getByRole('button', { name: 'Gerar Link de Convite' })).toBeInTheDocument();
    const next = await screen.findByRole('region', { name: 'Próximas sessões' });
    const link = within(next).getByRole('link', { name: /^04\/03\/2030 18:00–19:00/ });
    expect(link).toHaveAttribute('href', '/agenda?modo=dia&data=2030-03-04');
    expect(link).toHaveTextContent('04/03/2030 18:00–19:00Academia CentroAgendada');
    expect(within(screen.getByRole('region', { name: 'Sessões anteriores' })).getByRole('link')).toHaveTextContent(
      '22/11/2026 09:30–10:30Academia CentroRealizada',
    );

    const entries = await screen.findAllByTestId('credit-history-entry');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      '23/11/2026 09:00Pagamento recebido+R$\u00a0480,00Saldo: 7Por: PersonalMensalidade: R$ 480,00 (PIX)',
      '22/11/2026 10:30Crédito usado-1Saldo: 7Por: ViraSessão realizada',
      '20/11/2026 23:05Créditos concedidos+8Saldo: 8Por: PersonalRenovação do plano Mensal 8 aulas',
    ]);
  });

  it('exports the history as CSV through the API client, with the token', async () => {
    api.restore();
    const createObjectURL = jest.fn(() => 'blob:historico');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/students/s1/history.csv') {
        return new Response('\ufeffData;Tipo\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="historico-s1.csv"' },
        });
      }
      const bodies: Record<string, unknown> = {
        '/api/students/s1': bruno,
        '/api/students/s1/history': { items: history },
        '/api/plans': { items: [plan] },
        '/api/students/s1/sessions': { proximas: [], anteriores: [] },
        '/api/charges': { items: [] },
        '/api/subscriptions': { items: [] },
        '/api/students/s1/channels': {
          whatsapp: false,
          email: true,
          push: true,
          consentimento: null,
          parado: false,
          naoEntregue: false,
        },
      };
      return new Response(JSON.stringify(bodies[path]), { status: 200 });
    });
    try {
      const user = userEvent.setup();
      renderPage('/alunos/s1');
      await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
      await act(async () => {});
      const csvCall = fetchSpy.mock.calls.find(([input]) => String(input).endsWith('/history.csv'));
      expect(new Headers(csvCall?.[1]?.headers).get('authorization')).toBe('Bearer token');
      expect(createObjectURL).toHaveBeenCalled();
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe('historico-s1.csv');
    } finally {
      fetchSpy.mockRestore();
      click.mockRestore();
    }
  });

  it("edits only what changed and says 'Aluno atualizado'", async () => {
    const user = userEvent.setup();
    renderPage('/alunos/edit/s1');
    const name = await screen.findByLabelText('Nome completo *');
    expect(name).toHaveValue('Bruno Lima');
    expect(screen.getByLabelText('WhatsApp')).toHaveValue('(11) 98765-4321');
    expect(screen.getByRole('button', { name: 'Salvar alterações' })).toBeDisabled();

    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'bruno.lima@exemplo.com');
    await user.click(screen.getByRole('switch', { name: /Aluno ativo/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Aluno atualizado')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ email: 'bruno.lima@exemplo.com', ativo: false });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/alunos\/s1$/));
  });

  it("refuses a bad WhatsApp with the API's rule before sending", async () => {
    const user = userEvent.setup();
    renderPage('/alunos/edit/s1');
    const whatsapp = await screen.findByLabelText('WhatsApp');
    await user.clear(whatsapp);
    await user.type(whatsapp, '1198');
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(within(document.body).getByText('WhatsApp inválido')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it("says 'Aluno não encontrado' for a student that is gone", async () => {
    api.restore();
    api = stubApi({
      'GET /api/students/s1': () => ({ status: 404, body: { statusCode: 404, code: 'not_found', message: 'Aluno não encontrado' } }),
      'GET /api/plans': () => ({ status: 200, body: { items: [] } }),
    });
    renderPage('/alunos/s1');
    expect(await screen.findByRole('heading', { name: 'Aluno não encontrado' })).toBeInTheDocument();
  });
});

describe('a payment the PSP gave back', () => {
  const refunded = {
    id: 'c1',
    studentId: 's1',
    studentNome: 'Bruno Lima',
    planId: 'p8',
    planNome: 'Mensal 8 aulas',
    creditos: 8,
    valor: 400,
    txid: 'T1',
    brCode: '',
    status: 'devolvida',
    origem: 'avulsa',
    provedor: 'api-pix',
    pagamento: 'pix',
    vencimento: '2026-11-20',
    diasEmAtraso: 0,
    telefone: null,
    sessionId: null,
    motivo: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    paidAt: '2026-11-20T13:00:00.000Z',
    cancelledAt: null,
    transactionId: 't1',
    valorDevolvido: 400,
    creditosPendentes: 8,
  };

  it("shows the charge 'Devolvida (R$ x)' and asks whether to remove its credits, no more than the balance", async () => {
    let answered = false;
    api = stubApi({
      'GET /api/students/s1': () => ({ status: 200, body: bruno }),
      'GET /api/students/s1/history': () => ({ status: 200, body: { items: history } }),
      'GET /api/plans': () => ({ status: 200, body: { items: [plan] } }),
      'GET /api/students/s1/sessions': () => ({ status: 200, body: { proximas: [], anteriores: [] } }),
      'GET /api/charges': () => ({
        status: 200,
        body: { items: [{ ...refunded, creditosPendentes: answered ? 0 : 8 }] },
      }),
      'POST /api/charges/c1/refund-credits': () => {
        answered = true;
        return {
          status: 200,
          body: { id: 'c1', valor: 400, txid: 'T1', brCode: '', status: 'devolvida', transactionId: 't1', position: 20 },
        };
      },
    });
    renderPage('/alunos/s1');

    const charge = await screen.findByTestId('student-charge');
    expect(within(charge).getByText('Devolvida (R$ 400,00)')).toBeInTheDocument();
    const prompt = await screen.findByRole('group', { name: 'Devolução de Mensal 8 aulas' });
    expect(prompt).toHaveTextContent('O PSP devolveu R$ 400,00 do pagamento de Mensal 8 aulas. Remover 7 créditos do saldo?');
    expect(within(prompt).getByRole('button', { name: 'Manter créditos' })).toBeInTheDocument();

    await userEvent.click(within(prompt).getByRole('button', { name: 'Remover 7 créditos' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
        path: '/api/charges/c1/refund-credits',
        body: { remover: true },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Devolução de Mensal 8 aulas' })).not.toBeInTheDocument());
  });

  it('with no balance left there is nothing to remove: only acknowledged', async () => {
    api = stubApi({
      'GET /api/students/s1': () => ({ status: 200, body: { ...bruno, creditos: 0 } }),
      'GET /api/students/s1/history': () => ({ status: 200, body: { items: [] } }),
      'GET /api/plans': () => ({ status: 200, body: { items: [plan] } }),
      'GET /api/students/s1/sessions': () => ({ status: 200, body: { proximas: [], anteriores: [] } }),
      'GET /api/charges': () => ({ status: 200, body: { items: [refunded] } }),
    });
    renderPage('/alunos/s1');
    const prompt = await screen.findByRole('group', { name: 'Devolução de Mensal 8 aulas' });
    expect(prompt).toHaveTextContent('O saldo já está em zero: não há créditos para remover.');
    expect(within(prompt).queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument();
    expect(within(prompt).getByRole('button', { name: 'Entendi' })).toBeInTheDocument();
  });
});
