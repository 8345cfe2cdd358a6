import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { PixSettingsPage } from './pix-settings-page';

describe('Recebimento por PIX: the key as typed', () => {
  it.each([
    ['12.ABC.345/01DE-35', 'Tipo: CNPJ'],
    ['12abc34501de35', 'Tipo: CNPJ'],
    ['11.222.333/0001-81', 'Tipo: CNPJ'],
    ['529.982.247-25', 'Tipo: CPF'],
  ])('%s is recognised (%s)', async (typed, kind) => {
    stubApi({ 'GET /api/settings/pix': () => ({ status: 200, body: { configurada: false } }) });
    renderAt(<PixSettingsPage />, '/ajustes/pix', { queryClient: signInAs(TRAINER_ANA) });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Chave PIX' }), typed);
    expect(screen.getByText(kind)).toBeInTheDocument();
  });
});
