import type { TomorrowReminder } from '@contracts/reminders/api';
import type { Session } from '@contracts/scheduling/api';
import { screen, within } from '@testing-library/react';
import { TRAINER_ANA } from '../../../test/fixtures';
import { type ApiStub, stubApi } from '../../../test/fetch-stub';
import { renderAt, signInAs } from '../../../test/render';
import { TomorrowRemindersCard } from './tomorrow-reminders-card';

/** Tomorrow, 10/05/2030 (a Friday), at `time` in São Paulo. */
const at = (time: string) => new Date(`2030-05-10T${time}:00-03:00`).toISOString();

const reminder = (
  sessionId: string,
  studentNome: string,
  time: string,
  emailEnviado: boolean,
): TomorrowReminder => ({
  sessionId,
  inicio: at(time),
  studentNome,
  locationNome: null,
  whatsappUrl: null,
  emailEnviado,
});

const session = (
  id: string,
  time: string,
  fields: Pick<Session, 'lembrete'> & Partial<Session>,
): Session => ({
  id,
  studentId: `aluno-${id}`,
  studentNome: null,
  locationId: null,
  locationNome: null,
  inicio: at(time),
  fim: at(time.replace(/^\d\d/, (hour) => String(Number(hour) + 1).padStart(2, '0'))),
  status: 'agendada',
  confirmado: true,
  nomeInformado: null,
  observacoes: null,
  seriesId: null,
  confirmadoPeloAluno: false,
  remarcarPedido: false,
  ...fields,
});

let api: ApiStub;
beforeEach(() => {
  api = stubApi({
    'GET /api/reminders/tomorrow': () => ({
      status: 200,
      body: {
        dia: '2030-05-10',
        items: [
          // Before WhatsApp, every reminder claimed was counted as e-mailed: the session's state wins.
          reminder('s1', 'Beatriz Lima', '07:00', true),
          reminder('s2', 'Caio Prado', '08:00', false),
          reminder('s3', 'Davi Rocha', '09:00', true),
          reminder('s4', 'Elisa Prado', '10:00', false),
          reminder('s5', 'Fábio Nunes', '11:00', false),
        ],
      },
    }),
    'GET /api/sessions': () => ({
      status: 200,
      body: {
        items: [
          session('s1', '07:00', { lembrete: { canal: 'whatsapp', estado: 'lido' } }),
          session('s2', '08:00', { lembrete: { canal: 'email', estado: 'falhou' } }),
          session('s3', '09:00', { lembrete: null }),
          session('s4', '10:00', {
            lembrete: { canal: 'whatsapp', estado: 'entregue' },
            confirmadoPeloAluno: true,
          }),
          session('s5', '11:00', { lembrete: null }),
        ],
      },
    }),
  });
});

describe("dashboard: 'Lembretes de amanhã'", () => {
  it('says how each reminder really went: by WhatsApp with its state, failed and e-mailed, e-mailed, confirmed, or nothing yet', async () => {
    renderAt(<TomorrowRemindersCard />, '/', { queryClient: signInAs(TRAINER_ANA) });
    expect(await screen.findByText('Lembrete no WhatsApp: Lido')).toBeInTheDocument();
    const rows = screen.getAllByTestId('tomorrow-reminder');
    const badgeOf = (index: number) =>
      within(rows[index]).queryByText(/Lembrete|E-mail|Confirmado/)?.textContent ?? null;
    expect(rows.map((_, index) => badgeOf(index))).toEqual([
      'Lembrete no WhatsApp: Lido',
      'Lembrete: falhou — enviado por e-mail',
      'E-mail enviado',
      'Confirmado pelo aluno',
      null,
    ]);
    // The agenda's week of tomorrow (Sunday 05/05 to Saturday 11/05 in São Paulo): one answer shared.
    const read = api.calls.find((call) => call.path === '/api/sessions');
    expect(read?.query.get('from')).toBe('2030-05-05T03:00:00.000Z');
    expect(read?.query.get('to')).toBe('2030-05-12T03:00:00.000Z');
  });

  it("says 'E-mail enviado' only of e-mailed reminders while the agenda's week is not there", async () => {
    api.restore();
    stubApi({
      'GET /api/reminders/tomorrow': () => ({
        status: 200,
        body: {
          dia: '2030-05-10',
          items: [
            reminder('s1', 'Beatriz Lima', '07:00', false),
            reminder('s3', 'Davi Rocha', '09:00', true),
          ],
        },
      }),
      'GET /api/sessions': () => ({
        status: 503,
        body: { statusCode: 503, code: 'database_unavailable', message: 'x' },
      }),
    });
    renderAt(<TomorrowRemindersCard />, '/', { queryClient: signInAs(TRAINER_ANA) });
    const rows = await screen.findAllByTestId('tomorrow-reminder');
    expect(within(rows[1]).getByText('E-mail enviado')).toBeInTheDocument();
    expect(within(rows[0]).queryByText(/E-mail enviado|Lembrete/)).not.toBeInTheDocument();
  });
});
