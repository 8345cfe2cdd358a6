import type { StudentContract } from '@contracts/agreements/api';
import type { StudentArea } from '@contracts/student-area/api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRAINER_ANA } from '../../../test/fixtures';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { SignContractDialog } from './sign-contract-dialog';

const BIA = { ...TRAINER_ANA, id: 'u2', nome: 'Bia', role: 'aluno' as const };
const CONTRACT: StudentContract = {
  id: '0193a000-0000-7000-8000-0000000000c1',
  titulo: 'Termo de adesão',
  conteudo: 'Eu, {{nome}}, contrato {{personal}} em {{data}}.',
  tipo: 'termo_personal',
  status: 'pendente',
  ativo: true,
};
const area: StudentArea = {
  nome: 'Bia Lima',
  creditos: 0,
  creditosLivres: 0,
  proximasSessoes: [],
  contratosPendentes: 1,
  cobrancas: [],
  cpf: '52998224725',
  telefone: '11987654321',
  trainer: { nome: 'Ana', slug: 'ana', telefone: null },
  exclusaoPedidaEm: null,
};
const OPT_IN = 'Quero receber lembretes e cobranças pelo WhatsApp';

function signing() {
  const api = stubApi({
    'GET /api/student/me': () => ({ status: 200, body: area }),
    [`POST /api/contracts/${CONTRACT.id}/sign`]: () => ({
      status: 201,
      body: { id: CONTRACT.id, position: 7, signatureId: '0193a000-0000-7000-8000-0000000000d1' },
    }),
  });
  const onClose = jest.fn();
  renderAt(<SignContractDialog contract={CONTRACT} opened onClose={onClose} />, '/aluno', {
    queryClient: signInAs(BIA),
  });
  return { api, onClose };
}

const agreeAndSign = async () => {
  await userEvent.click(screen.getByRole('checkbox', { name: /^Autorizo o tratamento/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Li e concordo com os termos deste contrato.' }));
  await userEvent.click(screen.getByRole('button', { name: 'Assinar contrato' }));
};

describe("signing a contract: the student's WhatsApp opt-in (issue 59)", () => {
  it("asks 'Quero receber lembretes e cobranças pelo WhatsApp', unticked; ticked, the signature sends it", async () => {
    const { api, onClose } = signing();
    const box = await screen.findByRole('checkbox', { name: OPT_IN });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await agreeAndSign();

    expect(await screen.findByText('Contrato assinado com sucesso')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      cpf: '52998224725',
      telefone: '11987654321',
      consentDataProcessing: true,
      consentTerms: true,
      whatsapp: true,
    });
  });

  it('left unticked, the signature says no', async () => {
    const { api } = signing();
    await screen.findByRole('checkbox', { name: OPT_IN });
    await agreeAndSign();

    expect(await screen.findByText('Contrato assinado com sucesso')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ whatsapp: false });
  });
});
