import type { Contract } from '@contracts/agreements/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderRoutes, signInAs } from '../../../test/render';
import { ContractsPage } from './contracts-page';

const contract = (fields: Partial<Contract>): Contract => ({
  id: 'c1',
  titulo: 'Termo de adesão',
  conteudo: 'Eu, {{nome}}, aceito.',
  tipo: 'termo_personal',
  versao: 1,
  isActive: true,
  assinaturas: 0,
  assinaturasTotal: 0,
  createdAt: '2026-11-01T12:00:00Z',
  updatedAt: '2026-11-01T12:00:00Z',
  ...fields,
});

let api: ApiStub | undefined;

const renderPage = () =>
  renderRoutes([{ path: '/ajustes/contratos-termos', element: <ContractsPage /> }], '/ajustes/contratos-termos', {
    queryClient: signInAs(TRAINER_ANA),
  });

describe('/ajustes/contratos-termos', () => {
  it('lists the active contracts with their signature counts and versions', async () => {
    api = stubApi({
      'GET /api/contracts': () => ({
        status: 200,
        body: { items: [contract({ assinaturas: 1, assinaturasTotal: 1 }), contract({ id: 'c2', titulo: 'Termo do aluno', tipo: 'termo_aluno', versao: 2, assinaturasTotal: 3 })] },
      }),
    });
    renderPage();
    expect(await screen.findByText('2 contratos ativos')).toBeInTheDocument();
    expect(screen.getByText('1 assinatura')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma assinatura na versão 2 (3 no total)')).toBeInTheDocument();
    expect(screen.getByText('Termo do Aluno')).toBeInTheDocument();
  });

  it("'Inativos' also lists the deactivated contracts, marked and only to be read", async () => {
    api = stubApi({
      'GET /api/contracts': (call) => ({
        status: 200,
        body: {
          items:
            call.query.get('inativos') === 'true'
              ? [contract({}), contract({ id: 'c2', titulo: 'Termo antigo', isActive: false, assinaturas: 4, assinaturasTotal: 4 })]
              : [contract({})],
        },
      }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('1 contrato ativo')).toBeInTheDocument();
    expect(screen.queryByText('Termo antigo')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Inativos/ }));
    const old = (await screen.findByText('Termo antigo')).closest('[data-testid="contrato"]') as HTMLElement;
    expect(within(old).getByText('Inativo')).toBeInTheDocument();
    expect(within(old).getByText('4 assinaturas')).toBeInTheDocument();
    expect(within(old).getByRole('button', { name: 'Ver' })).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: 'Desativar' })).not.toBeInTheDocument();
    expect(screen.getByText('1 contrato ativo')).toBeInTheDocument();
  });

  it('creates a contract: titulo and conteudo required first, then the body with tipo termo_personal', async () => {
    api = stubApi({
      'GET /api/contracts': () => ({ status: 200, body: { items: [] } }),
      'POST /api/contracts': () => ({ status: 201, body: { id: 'c9', position: 3 } }),
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Nenhum contrato ativo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Novo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo contrato' });
    await user.click(await within(dialog).findByRole('button', { name: 'Criar contrato' }));
    expect(await screen.findByText('Título é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Conteúdo é obrigatório')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Título/), 'Termo');
    await user.type(within(dialog).getByLabelText(/^Conteúdo/), 'Texto do termo');
    await user.click(within(dialog).getByRole('button', { name: 'Criar contrato' }));
    expect(await screen.findByText('Contrato criado com sucesso')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      titulo: 'Termo',
      conteudo: 'Texto do termo',
      tipo: 'termo_personal',
    });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it("says 'Erro ao carregar contratos' when the list fails", async () => {
    api = stubApi({
      'GET /api/contracts': () => ({ status: 403, body: { statusCode: 403, code: 'forbidden', message: 'Acesso negado' } }),
    });
    renderPage();
    expect(await screen.findByText('Erro ao carregar contratos')).toBeInTheDocument();
  });
});
