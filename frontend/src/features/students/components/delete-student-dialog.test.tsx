import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStudent, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi, type ApiStub } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { DeleteStudentDialog } from './delete-student-dialog';

const bruno = makeStudent({ id: 's1', nome: 'Bruno Lima', whatsapp: '11987654321', creditos: 3 });

const HAS_LINKS =
  'Não é possível remover o aluno: possui vínculos (agendamentos/recebimentos). Use Inativar se disponível.';

let api: ApiStub;

function setup() {
  const onClose = jest.fn();
  const user = userEvent.setup();
  renderAt(<DeleteStudentDialog student={bruno} onClose={onClose} />, '/alunos', { queryClient: signInAs(TRAINER_ANA) });
  return { user, onClose };
}

describe('Excluir', () => {
  it("asks first, then removes: 'Aluno excluído' / 'O aluno foi removido com sucesso.'", async () => {
    api = stubApi({ 'DELETE /api/students/s1': () => ({ status: 200, body: { id: 's1', position: 7 } }) });
    const { user, onClose } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Excluir aluno' });
    expect(within(dialog).getByText(/Tem certeza que deseja excluir/)).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Aluno excluído')).toBeInTheDocument();
    expect(screen.getByText('O aluno foi removido com sucesso.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it("on 409 has_links says 'Erro ao excluir' with the API's message and offers Inativar", async () => {
    api = stubApi({
      'DELETE /api/students/s1': () => ({ status: 409, body: { statusCode: 409, code: 'has_links', message: HAS_LINKS } }),
      'PATCH /api/students/s1': () => ({ status: 200, body: { id: 's1', position: 8 } }),
    });
    const { user, onClose } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Excluir aluno' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));

    const toast = (await screen.findAllByText('Erro ao excluir'))[0].closest('.mantine-Notification-root');
    expect(toast).not.toBeNull();
    expect(within(toast as HTMLElement).getByText(HAS_LINKS)).toBeInTheDocument();
    expect(within(dialog).getByText(HAS_LINKS)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Aluno atualizado')).toBeInTheDocument();
    expect(api.calls.at(-1)).toMatchObject({ method: 'PATCH', path: '/api/students/s1', body: { ativo: false } });
    expect(onClose).toHaveBeenCalled();
  });

  it("on a server failure says 'Erro ao excluir' / 'Não foi possível excluir o aluno.'", async () => {
    api = stubApi({
      'DELETE /api/students/s1': () => ({ status: 500, body: { statusCode: 500, code: 'internal_error', message: 'x' } }),
    });
    const { user } = setup();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Não foi possível excluir o aluno.')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).queryByRole('button', { name: 'Inativar' })).not.toBeInTheDocument();
  });
});
