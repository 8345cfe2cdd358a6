import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStudent, TRAINER_ANA } from '../../../test/fixtures';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { StudentChannels } from './student-channels';

const student = makeStudent({ id: 's1', nome: 'Joana Alves' });
const channels = {
  whatsapp: false,
  email: true,
  push: true,
  consentimento: null,
  parado: false,
  naoEntregue: false,
};

describe("the student's channels ('Mensagens')", () => {
  it('turning WhatsApp on asks how and when the student agreed, and sends it as the consent', async () => {
    const api = stubApi({
      'GET /api/students/s1/channels': () => ({ status: 200, body: channels }),
      'PUT /api/students/s1/channels': () => ({ status: 200, body: { id: 's1', position: 5 } }),
    });
    renderAt(<StudentChannels student={student} />, '/alunos/s1', {
      queryClient: signInAs(TRAINER_ANA),
    });
    expect(await screen.findByText('WhatsApp: Não')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Alterar canais' }));
    await userEvent.click(await screen.findByRole('switch', { name: 'WhatsApp' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe como o aluno concordou')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Como o aluno concordou' }),
      'Pediu por mensagem',
    );
    await userEvent.type(screen.getByLabelText('Quando'), '2030-05-01T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      whatsapp: true,
      email: true,
      push: true,
      consentimento: { como: 'Pediu por mensagem', quando: '2030-05-01T13:00:00.000Z' },
    });
  });

  it("shows the consent's evidence, 'PARAR' and 'não entregue'", async () => {
    stubApi({
      'GET /api/students/s1/channels': () => ({
        status: 200,
        body: {
          ...channels,
          whatsapp: true,
          consentimento: {
            como: 'No contrato',
            quando: '2030-05-01T13:00:00.000Z',
            registradoPor: 'u1',
          },
          naoEntregue: true,
        },
      }),
    });
    renderAt(<StudentChannels student={student} />, '/alunos/s1', {
      queryClient: signInAs(TRAINER_ANA),
    });
    expect(
      await screen.findByText('Consentimento: No contrato em 01/05/2030 às 10:00'),
    ).toBeInTheDocument();
    expect(screen.getByText('Não entregue')).toBeInTheDocument();
  });

  it('shows the act the student opted in with as the evidence', async () => {
    stubApi({
      'GET /api/students/s1/channels': () => ({
        status: 200,
        body: {
          ...channels,
          whatsapp: true,
          consentimento: {
            como: 'Aceitou o convite',
            quando: '2026-11-28T13:15:00.000Z',
            registradoPor: '0193a000-0000-7000-8000-0000000000dd',
          },
        },
      }),
    });
    renderAt(<StudentChannels student={student} />, '/alunos/s1', {
      queryClient: signInAs(TRAINER_ANA),
    });
    expect(
      await screen.findByText('Consentimento: Aceitou o convite em 28/11/2026 às 10:15'),
    ).toBeInTheDocument();
    expect(screen.getByText('WhatsApp: Sim')).toBeInTheDocument();
  });
});
