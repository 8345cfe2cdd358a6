import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRAINER_ANA } from '../../../test/fixtures';
import { renderAt, signInAs } from '../../../test/render';
import { CloseAccountDialog } from './close-account-dialog';

/** Types `text` in the dialog's confirmation field (after clearing it); answers whether the action is on. */
async function actionOnAfterTyping(dialogName: string, field: string, action: string, text: string) {
  const user = userEvent.setup();
  const dialog = screen.getByRole('dialog', { name: dialogName });
  const input = within(dialog).getByLabelText(field);
  await user.clear(input);
  if (text) await user.type(input, text);
  return !within(dialog).getByRole('button', { name: action }).hasAttribute('disabled');
}

describe('Encerrar conta: the action waits for exactly what the screen asks (spaces around it aside)', () => {
  it("'Encerrar conta' takes ENCERRAR, not 'encerrar' nor 'Encerrar'", async () => {
    renderAt(<CloseAccountDialog opened onClose={() => undefined} />, '/ajustes', { queryClient: signInAs(TRAINER_ANA) });
    const typing = (text: string) =>
      actionOnAfterTyping('Encerrar conta', 'Para confirmar, digite ENCERRAR', 'Encerrar conta', text);
    expect(await typing('encerrar')).toBe(false);
    expect(await typing('Encerrar')).toBe(false);
    expect(await typing(' ENCERRAR ')).toBe(true);
    expect(await typing('ENCERRAR')).toBe(true);
  });
});
