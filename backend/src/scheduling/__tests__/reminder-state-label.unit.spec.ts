import { reminderStateLabel } from '../../contracts/scheduling/api';

describe("the agenda's words for a session's reminder", () => {
  it.each([
    [{ lembrete: null, confirmadoPeloAluno: false }, null],
    [
      { lembrete: { canal: 'whatsapp', estado: 'enviado' }, confirmadoPeloAluno: false },
      'Lembrete no WhatsApp: Enviado',
    ],
    [
      { lembrete: { canal: 'whatsapp', estado: 'entregue' }, confirmadoPeloAluno: false },
      'Lembrete no WhatsApp: Entregue',
    ],
    [
      { lembrete: { canal: 'whatsapp', estado: 'lido' }, confirmadoPeloAluno: false },
      'Lembrete no WhatsApp: Lido',
    ],
    [
      { lembrete: { canal: 'email', estado: 'falhou' }, confirmadoPeloAluno: false },
      'Lembrete: falhou — enviado por e-mail',
    ],
    [
      { lembrete: { canal: 'whatsapp', estado: 'lido' }, confirmadoPeloAluno: true },
      'Confirmado pelo aluno',
    ],
  ] as const)('%j reads %s', (session, label) => {
    expect(reminderStateLabel(session)).toBe(label);
  });
});
