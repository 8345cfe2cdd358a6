import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { WHATSAPP_CLOUD_URL } from './playwright.config';
import { seriousFindings } from './support/axe';
import { signedInTrainerWithToken } from './support/trainer';

/**
 * A session whose reminder (a day ahead by default) falls due a few seconds from now, once the
 * read models have the session: its date in São Paulo, and its start and end instants.
 */
function dueInSeconds(): { date: string; inicio: string; fim: string } {
  const start = new Date(Math.ceil((Date.now() + 24 * 3_600_000 + 10_000) / 1_000) * 1_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(start);
  return {
    date,
    inicio: start.toISOString(),
    fim: new Date(start.getTime() + 3_600_000).toISOString(),
  };
}

interface CloudMessage {
  wamid: string;
  to: string;
  body: { type: string; template?: { name: string } };
}

test.describe('whatsapp', () => {
  test("connect WhatsApp in Ajustes; the reminder goes out by WhatsApp and the student's 'Confirmo' appears on the agenda without reload", async ({
    page,
    request,
  }) => {
    const { token } = await signedInTrainerWithToken(page, request);
    const auth = { authorization: `Bearer ${token}` };

    await page.goto('/ajustes');
    await page.getByRole('link', { name: /WhatsApp/ }).click();
    await expect(page).toHaveURL(/\/ajustes\/whatsapp$/);
    await page.getByRole('radio', { name: 'Número do Vira' }).check();
    await page.getByRole('button', { name: 'Testar conexão' }).click();
    await expect(page.getByText(/^Conexão funcionando: número/)).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('WhatsApp salvo')).toBeVisible();
    await expect(page.getByRole('row', { name: /Lembrete de sessão/ })).toContainText('Aprovado');
    expect(await seriousFindings(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('ajustes-whatsapp.png'), fullPage: true });

    const whatsapp = `119${String(randomInt(10_000_000, 99_999_999))}`;
    const created = await request.post('/api/students', {
      data: { nome: 'Joana Alves', whatsapp, email: `joana.${randomInt(1e9)}@exemplo.com.br` },
      headers: auth,
    });
    expect(created.status(), await created.text()).toBe(201);
    const studentId = ((await created.json()) as { id: string }).id;
    const channels = await request.put(`/api/students/${studentId}/channels`, {
      data: {
        whatsapp: true,
        email: true,
        push: false,
        consentimento: { como: 'Pediu por mensagem', quando: new Date().toISOString() },
      },
      headers: auth,
    });
    expect(channels.status(), await channels.text()).toBe(200);
    const { date, inicio, fim } = dueInSeconds();
    const booked = await request.post('/api/sessions', {
      data: { studentId, inicio, fim },
      headers: auth,
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await page.goto(`/agenda?modo=dia&data=${date}`);
    const session = page.getByRole('button', { name: /Joana Alves \d\d:\d\d–/ });
    await expect(session).toBeVisible();

    // Due in seconds: the session's delayed job sends it through the Cloud API.
    let reminder: CloudMessage | undefined;
    await expect
      .poll(
        async () => {
          const messages = (await (
            await request.get(`${WHATSAPP_CLOUD_URL}/_loopback/messages`)
          ).json()) as CloudMessage[];
          reminder = messages.find((message) => message.to === `55${whatsapp}`);
          return reminder?.body.template?.name;
        },
        { timeout: 60_000 },
      )
      .toBe('vira_lembrete_sessao');

    const tapped = await request.post(
      `${WHATSAPP_CLOUD_URL}/_loopback/reply/${reminder?.wamid}?text=Confirmo`,
    );
    expect(await tapped.json()).toEqual({ webhook: 200 });
    await expect(
      page.getByRole('button', { name: /Joana Alves \d\d:\d\d–.*, Confirmado pelo aluno$/ }),
    ).toBeVisible();
    await page.getByRole('button', { name: /Joana Alves \d\d:\d\d–/ }).click();
    await expect(page.getByText('Confirmado pelo aluno')).toBeVisible();
  });
});
