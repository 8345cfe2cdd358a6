import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { NewStudentPage } from './new-student-page';
const plans = [
  { id: '0198c5d2-0000-7000-8000-000000000001', nome: 'Mensal', descricao: null, valor: 400, creditos: 8, valorPorCredito: 50, cobranca: { tipo: 'avulso', diaVencimento: 1 }, arquivado: false, createdAt: '', updatedAt: '' },
];
const inviteUrl = 'http://localhost/convite/tok-123';

let api: ApiStub;
beforeEach(() => {
  api = stubApi({
    'GET /api/plans': () => ({ status: 200, body: { items: plans } }),
    'POST /api/students': () => ({ status: 201, body: { id: 's9', position: 3 } }),
    'POST /api/invites': () => ({ status: 201, body: { token: 'tok-123', inviteUrl, expiresAt: '2026-12-01T00:00:00Z' } }),
  });
});

describe('new student (spec 001 §2, §5)', () => {
  it('checks the name and the WhatsApp with the API rules, masking the phone as typed', async () => {
    const user = userEvent.setup();
    renderAt(<NewStudentPage />, '/alunos/novo', { queryClient: signInAs(TRAINER_ANA) });
    expect(screen.getByRole('heading', { name: 'Novo Aluno' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome completo *'), 'J');
    await user.type(screen.getByLabelText('WhatsApp *'), '1198765');
    expect(screen.getByLabelText('WhatsApp *')).toHaveValue('(11) 9876-5');
    await user.click(screen.getByRole('button', { name: 'Cadastrar Aluno' }));

    expect(screen.getByText('Nome deve ter pelo menos 2 caracteres')).toBeInTheDocument();
    expect(screen.getByText('WhatsApp inválido')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('creates the student (digits only, a pasted +55 number as DDD and number), then the invite, and shows the link with Copiar Link and Enviar WhatsApp', async () => {
    const user = userEvent.setup();
    renderAt(<NewStudentPage />, '/alunos/novo', { queryClient: signInAs(TRAINER_ANA) });
    await user.type(screen.getByLabelText('Nome completo *'), 'Maria Clara');
    await user.click(screen.getByLabelText('WhatsApp *'));
    await user.paste('+55 (11) 98765-4321');
    expect(screen.getByLabelText('WhatsApp *')).toHaveValue('(11) 98765-4321');
    await user.click(screen.getByRole('combobox', { name: 'Plano' }));
    await user.click(await screen.findByRole('option', { name: 'Mensal - 8 créditos' }));
    await user.type(screen.getByLabelText('Observações'), 'Prefere manhãs');
    await user.click(screen.getByRole('button', { name: 'Cadastrar Aluno' }));

    expect(await screen.findByText('Aluno cadastrado com sucesso!')).toBeInTheDocument();
    expect(await screen.findByDisplayValue(inviteUrl)).toBeInTheDocument();
    const posts = api.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path, call.body])).toEqual([
      [
        '/api/students',
        { nome: 'Maria Clara', whatsapp: '11987654321', planoId: plans[0].id, observacoes: 'Prefere manhãs' },
      ],
      ['/api/invites', { studentId: 's9' }],
    ]);

    const whatsapp = screen.getByRole('link', { name: 'Enviar WhatsApp' });
    const href = new URL(whatsapp.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/5511987654321');
    expect(href.searchParams.get('text')).toContain(inviteUrl);
    expect(screen.getByRole('button', { name: 'Copiar Link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar para Alunos' })).toBeInTheDocument();
  });

  it("WhatsApp: toast 'Link de convite aberto no WhatsApp!' and back to /alunos after 1.5 s", async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      renderAt(<NewStudentPage />, '/alunos/novo', { queryClient: signInAs(TRAINER_ANA) });
      await user.type(screen.getByLabelText('Nome completo *'), 'Maria Clara');
      await user.type(screen.getByLabelText('WhatsApp *'), '11987654321');
      await user.click(screen.getByRole('button', { name: 'Cadastrar Aluno' }));
      const link = await screen.findByRole('link', { name: 'Enviar WhatsApp' });
      link.addEventListener('click', (event) => event.preventDefault());
      await user.click(link);
      expect(await screen.findByText('Link de convite aberto no WhatsApp!')).toBeInTheDocument();
      await act(async () => void jest.advanceTimersByTime(1_400));
      expect(screen.getByTestId('location')).toHaveTextContent('/alunos/novo');
      await act(async () => void jest.advanceTimersByTime(200));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/alunos$/);
    } finally {
      jest.useRealTimers();
    }
  });

  it("says 'Erro ao criar aluno' with the API's message", async () => {
    api.restore();
    api = stubApi({
      'GET /api/plans': () => ({ status: 200, body: { items: [] } }),
      'POST /api/students': () => ({
        status: 400,
        body: { statusCode: 400, code: 'validation_error', message: 'WhatsApp inválido' },
      }),
    });
    const user = userEvent.setup();
    renderAt(<NewStudentPage />, '/alunos/novo', { queryClient: signInAs(TRAINER_ANA) });
    await user.type(screen.getByLabelText('Nome completo *'), 'Maria Clara');
    await user.type(screen.getByLabelText('WhatsApp *'), '11987654321');
    await user.click(screen.getByRole('button', { name: 'Cadastrar Aluno' }));
    expect(await screen.findByText('Erro ao criar aluno')).toBeInTheDocument();
    expect(screen.getByText('WhatsApp inválido')).toBeInTheDocument();
  });
  describe("'Plano mensal' (a monthly plan subscribes the new student)", () => {
    const monthly = {
      ...plans[0],
      id: '0198c5d2-0000-7000-8000-000000000002',
      nome: 'Mensal 8',
      valor: 480,
      cobranca: { tipo: 'mensal', diaVencimento: 10 },
    };
    const subscription = {
      id: '0198c5d2-0000-7000-8000-000000000003',
      studentId: '0198c5d2-0000-7000-8000-000000000004',
      planId: monthly.id,
      planNome: 'Mensal 8',
      valor: 480,
      diaVencimento: 10,
      inicio: '2026-12-01',
      status: 'ativa',
      proximoVencimento: '2026-12-10',
      ultimoVencimento: null,
      createdAt: '2026-12-01T12:00:00Z',
      cancelledAt: null,
      ciclosRecusados: [],
    };
    const stub = (subscribe: () => { status: number; body: unknown }) => {
      api.restore();
      api = stubApi({
        'GET /api/plans': () => ({ status: 200, body: { items: [...plans, monthly] } }),
        'GET /api/settings/pix': () => ({
          status: 200,
          body: {
            chave: 'ana@exemplo.com', tipoChave: 'email', nomeRecebedor: 'Ana', cidade: 'Recife',
            provedor: 'api-pix', baseUrl: 'https://psp.exemplo.com', clientId: 'c', credenciaisSalvas: true,
          },
        }),
        'POST /api/students': () => ({ status: 201, body: { id: subscription.studentId, position: 3 } }),
        'POST /api/invites': () => ({ status: 201, body: { token: 'tok-123', inviteUrl, expiresAt: '2026-12-01T00:00:00Z' } }),
        [`POST /api/students/${subscription.studentId}/subscription`]: subscribe,
      });
    };
    async function fillIn(user: ReturnType<typeof userEvent.setup>, cpf?: string) {
      renderAt(<NewStudentPage />, '/alunos/novo', { queryClient: signInAs(TRAINER_ANA) });
      await user.type(screen.getByLabelText('Nome completo *'), 'Maria Clara');
      await user.type(screen.getByLabelText('WhatsApp *'), '11987654321');
      const select = await screen.findByRole('combobox', { name: 'Plano mensal' });
      expect(select).toHaveValue('Nenhum');
      await user.click(select);
      await user.click(await screen.findByRole('option', { name: /^Mensal 8 · R\$\s480,00 todo dia 10$/ }));
      // The student's plan follows, while none was chosen.
      expect(screen.getByRole('combobox', { name: 'Plano' })).toHaveValue('Mensal 8 - 8 créditos');
      const inicio = screen.getByLabelText('Início');
      await user.clear(inicio);
      await user.type(inicio, '2026-12-01');
      if (cpf) await user.type(await screen.findByLabelText('CPF do pagador'), cpf);
      await user.click(screen.getByRole('button', { name: 'Cadastrar Aluno' }));
    }

    it('creates the student, then subscribes them with the start and the CPF, and says when the first cycle is due', async () => {
      stub(() => ({ status: 201, body: subscription }));
      const user = userEvent.setup();
      await fillIn(user, '529.982.247-25');
      expect(await screen.findByText('Assinatura iniciada')).toBeInTheDocument();
      expect(screen.getByText(/Mensal 8: 1º vencimento em 10\/12\/2026\./)).toBeInTheDocument();
      expect(await screen.findByDisplayValue(inviteUrl)).toBeInTheDocument();
      const posts = api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]);
      expect(posts).toContainEqual(['/api/students', { nome: 'Maria Clara', whatsapp: '11987654321', planoId: monthly.id }]);
      expect(posts).toContainEqual([
        `/api/students/${subscription.studentId}/subscription`,
        { planId: monthly.id, inicio: '2026-12-01', cpf: '52998224725' },
      ]);
    });

    it('says the subscription started without Pix Automático when the PSP did not make it, and why', async () => {
      stub(() => ({
        status: 201,
        body: {
          ...subscription,
          pixAutomatico: { status: 'nao_criada', motivo: 'O PSP estava indisponível', pixCopiaECola: null, pedidoAoBanco: null },
        },
      }));
      const user = userEvent.setup();
      await fillIn(user, '529.982.247-25');
      expect(await screen.findByText('Assinatura iniciada sem Pix Automático')).toBeInTheDocument();
      expect(
        screen.getByText(
          /Mensal 8: 1º vencimento em 10\/12\/2026\. O PSP estava indisponível\. Cada ciclo vira uma cobrança para pagar\./,
        ),
      ).toBeInTheDocument();
    });

    it('checks the CPF before creating anyone', async () => {
      stub(() => ({ status: 201, body: subscription }));
      const user = userEvent.setup();
      await fillIn(user, '111.111.111-11');
      expect(await screen.findByText('CPF inválido')).toBeInTheDocument();
      expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it("keeps the student created when the subscription is refused, and says why naming the field", async () => {
      stub(() => ({
        status: 400,
        body: { statusCode: 400, code: 'validation_error', message: 'Início deve estar entre 60 dias atrás e um ano à frente' },
      }));
      const user = userEvent.setup();
      await fillIn(user);
      expect(
        await screen.findByText(
          'Aluno criado, mas a assinatura não foi iniciada: Início deve estar entre 60 dias atrás e um ano à frente',
        ),
      ).toBeInTheDocument();
      expect(screen.getByText('Aluno cadastrado com sucesso!')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Assinar na página do aluno' })).toHaveAttribute(
        'href',
        `/alunos/${subscription.studentId}`,
      );
    });
  });
});
