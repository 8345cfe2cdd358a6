import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { stubApi } from '../../../test/fetch-stub';
import { renderAt } from '../../../test/render';
import { PublicLocationPage } from './public-location-page';

const LOCATION = '0193a000-0000-7000-8000-0000000000a1';
const SLOT = { inicio: '2030-05-10T10:00:00.000Z', fim: '2030-05-10T11:00:00.000Z' };
const OPT_IN = 'Quero receber lembretes e cobranças pelo WhatsApp';

function bookingPage() {
  const api = stubApi({
    'GET /api/public/ana': () => ({
      status: 200,
      body: {
        trainer: { nome: 'Ana Souza', whatsapp: null },
        locations: [{ id: LOCATION, nome: 'Academia Centro', endereco: null }],
        enabled: true,
      },
    }),
    [`GET /api/public/ana/locations/${LOCATION}/slots`]: () => ({ status: 200, body: { items: [SLOT] } }),
    'POST /api/public/ana/bookings': () => ({
      status: 201,
      body: { id: '0193a000-0000-7000-8000-0000000000b1', ...SLOT, local: { id: LOCATION, nome: 'Academia Centro' } },
    }),
  });
  renderAt(
    <Routes>
      <Route path="/p/:tenantSlug/:locationId" element={<PublicLocationPage />} />
    </Routes>,
    `/p/ana/${LOCATION}`,
  );
  return api;
}

async function chooseAndFill() {
  const [day] = await screen.findAllByRole('group');
  await userEvent.click(within(day).getByRole('button'));
  await userEvent.type(screen.getByLabelText(/^Nome/), 'Joana Alves');
  await userEvent.type(screen.getByLabelText(/^WhatsApp/), '11987654321');
}

describe("public booking: the visitor's WhatsApp opt-in (issue 59)", () => {
  it("asks 'Quero receber lembretes e cobranças pelo WhatsApp', unticked; ticked, the booking sends it", async () => {
    const api = bookingPage();
    await chooseAndFill();
    const box = screen.getByRole('checkbox', { name: OPT_IN });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar agendamento' }));

    await screen.findByRole('button', { name: /Adicionar à minha agenda/ });
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      locationId: LOCATION,
      inicio: SLOT.inicio,
      nome: 'Joana Alves',
      telefone: '(11) 98765-4321',
      whatsapp: true,
    });
  });

  it('left unticked, the booking says no', async () => {
    const api = bookingPage();
    await chooseAndFill();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar agendamento' }));

    await screen.findByRole('button', { name: /Adicionar à minha agenda/ });
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ whatsapp: false });
  });
});
