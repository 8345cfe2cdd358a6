import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStudent, TRAINER_ANA } from '../../../test/fixtures';
import { renderAt, signInAs } from '../../../test/render';
import { EraseStudentDialog } from './erase-student-dialog';

/** Types `text` in the dialog's confirmation field (after clearing it); answers whether the action is on. */
async function actionOnAfterTyping(dialogName: string, field: string, action: string, text: string) {
  const user = userEvent.setup();
  const dialog = screen.getByRole('dialog', { name: dialogName });
  const input = within(dialog).getByLabelText(field);
  await user.clear(input);
  if (text) await user.type(input, text);
  return !within(dialog).getByRole('button', { name: action }).hasAttribute('disabled');
}

describe('Excluir dados do aluno: the action waits for exactly what the screen asks (spaces around it aside)', () => {
  it("'Excluir dados do aluno' takes the name exactly as registered, not 'maria souza'", async () => {
    const maria = makeStudent({ id: 's1', nome: 'Maria Souza' });
    renderAt(<EraseStudentDialog student={maria} opened onClose={() => undefined} onErased={() => undefined} />, '/alunos/s1', {
      queryClient: signInAs(TRAINER_ANA),
    });
    const typing = (text: string) =>
      actionOnAfterTyping('Excluir dados do aluno', 'Para confirmar, digite o nome do aluno', 'Excluir dados', text);
    expect(await typing('maria souza')).toBe(false);
    expect(await typing('MARIA SOUZA')).toBe(false);
    expect(await typing('Maria  Souza')).toBe(false);
    expect(await typing('Maria Souza ')).toBe(true);
  });
});
