import type { Plan } from '@contracts/plans/api';
import type { Student } from '@contracts/students/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePlan, makeStudent, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { StudentsPage } from './students-page';

const plan = (id: string, nome: string, creditos: number, arquivado = false): Plan =>
  makePlan({ id, nome, valor: 400, creditos, valorPorCredito: creditos ? 400 / creditos : 0, arquivado });

const plans = [plan('p8', 'Mensal 8 aulas', 8), plan('p0', 'Avaliação', 0), plan('pa', 'Antigo', 4, true)];
let students: Student[];
let api: ApiStub;

beforeEach(() => {
  students = [
    makeStudent({ id: 's1', nome: 'Bruno Lima', creditos: 0, whatsapp: '11987654321', planoId: 'p8', observacoes: 'Joelho direito' }),
    makeStudent({ id: 's2', nome: 'Carla Nunes', creditos: 2, email: 'carla@exemplo.com', planoId: 'p0' }),
    makeStudent({ id: 's3', nome: 'Álvaro Dias', creditos: 12, planoId: 'pa' }),
    makeStudent({ id: 's4', nome: 'Diana Inativa', creditos: 5, ativo: false }),
  ];
  api = stubApi({
    'GET /api/students': () => ({ status: 200, body: { items: students } }),
    'GET /api/plans': ({ query }) => ({
      status: 200,
      body: { items: query.get('arquivados') === 'true' ? plans : plans.filter((item) => !item.arquivado) },
    }),
    'POST /api/students/s1/credits': () => {
      students = students.map((item) => (item.id === 's1' ? { ...item, creditos: item.creditos + 8 } : item));
      return { status: 200, body: { id: 's1', position: 10 } };
    },
    'POST /api/students/s1/credits/remove': ({ body }) => {
      const { amount } = body as { amount: number };
      students = students.map((item) => (item.id === 's1' ? { ...item, creditos: item.creditos - amount } : item));
      return { status: 200, body: { id: 's1', position: 11 } };
    },
  });
});

const card = (name: string) => screen.getByRole('article', { name });

describe('students list (spec 001 §2)', () => {
  it('shows the count and, per card, balance, contact, plan, notes and the low-balance warning', async () => {
    renderAt(<StudentsPage />, '/alunos', { queryClient: signInAs(TRAINER_ANA) });
    expect(await screen.findByText('4 alunos cadastrados')).toBeInTheDocument();

    const bruno = card('Bruno Lima');
    expect(within(bruno).getByText('0 créditos').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
    expect(within(bruno).getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(await within(bruno).findByText('Mensal 8 aulas')).toBeInTheDocument();
    expect(within(bruno).getByText('Joelho direito')).toBeInTheDocument();
    expect(within(bruno).getByText('Saldo baixo - Sugerir renovação do plano')).toBeInTheDocument();
    expect(within(bruno).getByRole('link', { name: 'Bruno Lima' })).toHaveAttribute('href', '/alunos/s1');
    expect(within(bruno).getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/alunos/edit/s1');

    const carla = card('Carla Nunes');
    expect(within(carla).getByText('2 créditos').closest('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
    expect(within(carla).getByText('carla@exemplo.com')).toBeInTheDocument();

    const alvaro = card('Álvaro Dias');
    expect(within(alvaro).getByText('12 créditos').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    expect(within(alvaro).getByText('Sem contato')).toBeInTheDocument();
    expect(within(alvaro).getByText('Antigo')).toBeInTheDocument();
    expect(within(alvaro).queryByText('Saldo baixo - Sugerir renovação do plano')).not.toBeInTheDocument();
  });

  it('offers Renovar only for a plan with credits, asks first, grants them with the reason, and Desfazer takes them back', async () => {
    const user = userEvent.setup();
    renderAt(<StudentsPage />, '/alunos', { queryClient: signInAs(TRAINER_ANA) });
    const bruno = await screen.findByRole('article', { name: 'Bruno Lima' });
    expect(within(card('Carla Nunes')).queryByRole('button', { name: 'Renovar' })).not.toBeInTheDocument();

    // Cancelar: nothing sent.
    await user.click(await within(bruno).findByRole('button', { name: 'Renovar' }));
    const question = await screen.findByRole('dialog', { name: 'Renovar plano' });
    expect(question).toHaveTextContent('+8 créditos para Bruno Lima?');
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(bruno).getByRole('button', { name: 'Renovar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Renovar plano' })).getByRole('button', { name: 'Confirmar' }));
    expect(await within(bruno).findByText('8 créditos')).toBeInTheDocument();
    expect(within(bruno).getByText('8 créditos').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    const grant = api.calls.find((call) => call.method === 'POST');
    expect(grant).toMatchObject({ path: '/api/students/s1/credits', body: { amount: 8, reason: 'Renovação do plano Mensal 8 aulas' } });
    expect(await screen.findByText('Plano renovado')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desfazer' }));
    expect(await within(bruno).findByText('0 créditos')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST').at(-1)).toMatchObject({
      path: '/api/students/s1/credits/remove',
      body: { amount: 8, motivo: 'Renovação do plano Mensal 8 aulas desfeita' },
    });
    expect(await screen.findByText('Renovação desfeita')).toBeInTheDocument();
  });

  it('searches by name, sorts by balance and shows inactive students only when asked', async () => {
    const user = userEvent.setup();
    renderAt(<StudentsPage />, '/alunos', { queryClient: signInAs(TRAINER_ANA) });
    await screen.findByRole('article', { name: 'Bruno Lima' });
    const shown = () => screen.getAllByRole('article').map((item) => item.getAttribute('aria-label'));

    expect(shown()).toEqual(['Álvaro Dias', 'Bruno Lima', 'Carla Nunes']);
    await user.click(screen.getByRole('switch', { name: /Mostrar inativos/ }));
    expect(shown()).toEqual(['Álvaro Dias', 'Bruno Lima', 'Carla Nunes', 'Diana Inativa']);
    expect(within(card('Diana Inativa')).getByText('Inativo')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(await screen.findByRole('option', { name: 'Maior saldo primeiro' }));
    expect(shown()).toEqual(['Álvaro Dias', 'Diana Inativa', 'Carla Nunes', 'Bruno Lima']);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar aluno por nome' }), 'alva');
    expect(shown()).toEqual(['Álvaro Dias']);
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar aluno por nome' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar aluno por nome' }), 'ninguém');
    expect(screen.getByText('Nenhum aluno encontrado')).toBeInTheDocument();
  });

  it("'Cobrar' opens 'Cobrança Online' for that student over the page (?cobranca=<id>)", async () => {
    const user = userEvent.setup();
    renderAt(<StudentsPage />, '/alunos', { queryClient: signInAs(TRAINER_ANA) });
    await user.click(within(await screen.findByRole('article', { name: 'Álvaro Dias' })).getByRole('button', { name: 'Cobrar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/alunos?cobranca=s3');
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it("shows 'Erro ao carregar alunos' with the API's message", async () => {
    api.restore();
    api = stubApi({
      'GET /api/students': () => ({ status: 500, body: { statusCode: 500, code: 'internal_error', message: 'boom' } }),
      'GET /api/plans': () => ({ status: 200, body: { items: [] } }),
    });
    renderAt(<StudentsPage />, '/alunos', { queryClient: signInAs(TRAINER_ANA) });
    expect(await screen.findByText('Erro ao carregar alunos')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro inesperado.')).toBeInTheDocument();
  });
});
