import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { WHATSAPP_CLOUD_URL } from './playwright.config';
import { seriousFindings } from './support/axe';
import { newDevice } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

interface CloudMessage {
  to: string;
  body: { template?: { name: string } };
}

test.describe('whatsapp opt-in', () => {
  test("a visitor books with 'Quero receber lembretes e cobranças pelo WhatsApp' ticked: they get 'Agendamento público recebido' on WhatsApp and the trainer sees the consent on the student's page", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const { headers } = await signedInTrainerWithToken(page, request);
    const me = (await (await request.get('/api/me', { headers })).json()) as { tenantSlug: string };
    const slug = me.tenantSlug;
    const connected = await request.put('/api/settings/whatsapp', { data: { modo: 'vira' }, headers });
    expect(connected.status(), await connected.text()).toBe(200);
    const settings = (await (await request.get('/api/settings/public-link', { headers })).json()) as object;
    const opened = await request.put('/api/settings/public-link', { data: { ...settings, enabled: true }, headers });
    expect(opened.status(), await opened.text()).toBe(200);
    const created = await request.post('/api/locations', { data: { nome: 'Academia Centro' }, headers });
    expect(created.status(), await created.text()).toBe(201);
    const locationId = ((await created.json()) as { id: string }).id;
    await expect
      .poll(async () => ((await (await request.get(`/api/public/${slug}`)).json()) as { locations: unknown[] }).locations.length)
      .toBe(1);

    // The visitor, signed out on their own device, ticks the box (unticked until they do).
    const visitorDevice = await newDevice(browser, testInfo);
    const visitor = await visitorDevice.newPage();
    await visitor.goto(`/p/${slug}/${locationId}`);
    await visitor.getByRole('button', { name: /, \d\d:\d\d$/ }).first().click();
    const telefone = `119${randomInt(10_000_000, 99_999_999)}`;
    await visitor.getByLabel('Nome').fill('Joana Alves');
    await visitor.getByRole('textbox', { name: /^WhatsApp/ }).fill(telefone);
    const optIn = visitor.getByRole('checkbox', { name: 'Quero receber lembretes e cobranças pelo WhatsApp' });
    await expect(optIn).not.toBeChecked();
    await optIn.check();
    expect(await seriousFindings(visitor)).toEqual([]);
    await visitor.screenshot({ path: testInfo.outputPath('formulario-com-whatsapp.png'), fullPage: true });
    await visitor.getByRole('button', { name: 'Confirmar agendamento' }).click();
    await expect(visitor.getByText('Horário reservado!')).toBeVisible();

    // Their consent recorded first, the confirmation goes to their WhatsApp.
    await expect
      .poll(async () => {
        const messages = (await (await request.get(`${WHATSAPP_CLOUD_URL}/_loopback/messages`)).json()) as CloudMessage[];
        return messages.filter((message) => message.to === `55${telefone}`).map((message) => message.body.template?.name);
      })
      .toEqual(['vira_agendamento_publico']);

    // The trainer finds the consent's evidence on the student's page.
    let studentId: string | undefined;
    await expect
      .poll(async () => {
        const { items } = (await (await request.get('/api/students', { headers })).json()) as { items: { id: string; nome: string }[] };
        studentId = items.find((student) => student.nome === 'Joana Alves')?.id;
        return studentId !== undefined;
      })
      .toBe(true);
    await page.goto(`/alunos/${studentId}`);
    const messages = page.getByRole('region', { name: 'Mensagens' });
    await expect(messages.getByText('WhatsApp: Sim')).toBeVisible();
    await expect(messages.getByText(/^Consentimento: Agendamento público em \d\d\/\d\d\/\d{4} às \d\d:\d\d$/)).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('aluno-consentimento.png'), fullPage: true });
    await visitorDevice.close();
  });
});
