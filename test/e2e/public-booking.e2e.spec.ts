import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { shot } from './support/shots';
import { newDevice } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

const TZ = 'America/Sao_Paulo';
/** 'YYYY-MM-DD' and 'HH:mm' of an instant in São Paulo. */
const inSaoPaulo = (iso: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TZ,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};
const phone = () => `(11) 9${randomInt(1000, 9999)}-${randomInt(1000, 9999)}`;

test.describe('public booking', () => {
  test("the page starts off; turned on in /link-publico with a WhatsApp chosen there, a visitor books from /p/{slug}: the trainer sees it live 'A confirmar' and confirms it, the slot is gone for the next visitor, and /link-publico closes the page", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const { trainer, headers } = await signedInTrainerWithToken(page, request);
    const me = (await (await request.get('/api/me', { headers })).json()) as { tenantSlug: string };
    const slug = me.tenantSlug;
    const created = await request.post('/api/locations', {
      data: { nome: 'Academia Centro', endereco: 'Rua das Flores, 100' },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    const locationId = ((await created.json()) as { id: string }).id;

    // A new trainer's page is off, and never shows the sign-up phone ((11) 98765-4321).
    const offPage = (await (await request.get(`/api/public/${slug}`)).json()) as { enabled: boolean; trainer: { whatsapp: string | null } };
    expect(offPage).toMatchObject({ enabled: false, trainer: { whatsapp: null } });
    await page.goto('/link-publico');
    const enabled = page.getByLabel('Agendamento online ativo');
    await expect(enabled).not.toBeChecked();
    await expect(page.getByText('Este personal não está recebendo agendamentos online no momento.')).toBeVisible();
    await enabled.check({ force: true });
    await page.getByLabel('WhatsApp na página').fill('21977772222');
    await expect(page.getByLabel('WhatsApp na página')).toHaveValue('(21) 97777-2222');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações salvas')).toBeVisible();
    await expect(page.getByText('(21) 97777-2222', { exact: true })).toBeVisible();
    await shot(page, 'link-publico', testInfo.project.name);

    // The public page lists it once the worker has projected it.
    await expect
      .poll(async () => ((await (await request.get(`/api/public/${slug}`)).json()) as { locations: unknown[] }).locations.length)
      .toBe(1);
    const slotsUrl = `/api/public/${slug}/locations/${locationId}/slots`;
    const [first] = ((await (await request.get(slotsUrl)).json()) as { items: { inicio: string; fim: string }[] }).items;
    const start = inSaoPaulo(first.inicio);
    const end = inSaoPaulo(first.fim);

    // The trainer keeps the agenda open on that day.
    await page.goto(`/agenda?modo=dia&data=${start.date}`);
    await expect(page.getByRole('button', { name: 'Links públicos' })).toBeVisible();

    // A visitor, signed out, on another device.
    const visitorDevice = await newDevice(browser, testInfo);
    const visitor = await visitorDevice.newPage();
    await visitor.goto(`/p/${slug}`);
    await expect(visitor.getByRole('heading', { name: trainer.nome })).toBeVisible();
    await expect(visitor.getByRole('link', { name: /\(21\) 97777-2222/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/5521977772222/);
    await expect(visitor.getByText('(11) 98765-4321')).toHaveCount(0);
    await visitor.screenshot({ path: testInfo.outputPath('pagina-publica.png'), fullPage: true });
    await visitor.getByRole('link', { name: 'Agendar em Academia Centro' }).click();
    await expect(visitor).toHaveURL(new RegExp(`/p/${slug}/${locationId}$`));
    await expect(visitor.getByRole('heading', { name: 'Agende seu treino' })).toBeVisible();
    const slotButton = visitor.getByRole('button', { name: new RegExp(`, ${start.time}$`) }).first();
    const bookedLabel = (await slotButton.getAttribute('aria-label'))!;
    await slotButton.click();
    await expect(visitor.getByTestId('chosen-slot')).toContainText(`${start.time}–${end.time}`);

    // Bad input is refused in the form, nothing sent.
    await visitor.getByRole('button', { name: 'Confirmar agendamento' }).click();
    await expect(visitor.getByText('Nome deve ter pelo menos 2 caracteres')).toBeVisible();
    await expect(visitor.getByText('WhatsApp inválido')).toBeVisible();
    await visitor.getByLabel('Nome').fill('Bruno Lima');
    await visitor.getByRole('textbox', { name: /^WhatsApp/ }).fill('11988887777');
    await expect(visitor.getByRole('textbox', { name: /^WhatsApp/ })).toHaveValue('(11) 98888-7777');
    await visitor.screenshot({ path: testInfo.outputPath('formulario.png'), fullPage: true });

    // The network fails once: 'Erro ao agendar' with a retry that books.
    await visitor.route('**/api/public/*/bookings', (route) => route.abort('internetdisconnected'), { times: 1 });
    await visitor.getByRole('button', { name: 'Confirmar agendamento' }).click();
    await expect(visitor.getByText('Erro ao agendar')).toBeVisible();
    await visitor.screenshot({ path: testInfo.outputPath('erro-ao-agendar.png'), fullPage: true });
    await visitor.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(visitor.getByText('Horário reservado!')).toBeVisible();
    await expect(visitor.getByText(/aguarda a confirmação do personal/)).toBeVisible();
    await expect(visitor.getByRole('heading', { name: new RegExp(`${start.time}–${end.time}`) })).toBeVisible();
    const whatsapp = visitor.getByRole('link', { name: 'Avisar o personal no WhatsApp' });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/5521977772222\?text=/);
    const download = visitor.waitForEvent('download');
    await visitor.getByRole('button', { name: 'Adicionar à minha agenda (.ics)' }).click();
    const ics = await readFile((await (await download).path())!, 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`DTSTART:${new Date(first.inicio).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(ics).toContain('LOCATION:Academia Centro');
    await visitor.screenshot({ path: testInfo.outputPath('confirmacao.png'), fullPage: true });

    // The trainer's open agenda shows it without a reload, 'A confirmar'.
    const pending = page.getByRole('button', {
      name: `A confirmar Bruno Lima ${start.time}–${end.time} · Academia Centro · Agendada`,
    });
    await expect(pending).toBeVisible();
    await expect(pending.getByText('A confirmar')).toBeVisible();
    await shot(page, 'agenda-a-confirmar', testInfo.project.name);
    await page.screenshot({ path: testInfo.outputPath('agenda-do-personal.png'), fullPage: true });
    // Not yet a student in the dashboard's count.
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Total de Alunos' }).getByTestId('stat-value')).toHaveText('0');
    await page.goto(`/agenda?modo=dia&data=${start.date}`);
    await pending.click();
    const detail = page.getByRole('dialog', { name: 'Agendamento' });
    await expect(detail.getByText('Agendado pela sua página pública.', { exact: false })).toBeVisible();
    await shot(page, 'agendamento-a-confirmar', testInfo.project.name);
    await detail.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Agendamento confirmado', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: new RegExp(`^(\\d\\d:\\d\\d )?Bruno Lima ${start.time}–${end.time} · Academia Centro · Agendada$`) }),
    ).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('group', { name: 'Total de Alunos' }).getByTestId('stat-value')).toHaveText('1');

    // The next visitor (a device in Tokyo: days and times still São Paulo's) no longer sees that slot.
    const { baseURL, viewport, hasTouch, isMobile } = testInfo.project.use;
    const tokyo = await browser.newContext({ baseURL, viewport, hasTouch, isMobile, locale: 'pt-BR', timezoneId: 'Asia/Tokyo' });
    const next = await tokyo.newPage();
    await next.goto(`/p/${slug}/${locationId}`);
    await expect(next.getByRole('heading', { name: 'Agende seu treino' })).toBeVisible();
    await expect(next.getByRole('button', { name: /, \d\d:\d\d$/ }).first()).toBeVisible();
    await expect(next.getByRole('button', { name: bookedLabel, exact: true })).toHaveCount(0);

    // Someone takes the slot this visitor chose: 'Este horário acabou de ser reservado. Escolha outro.'
    const target = next.getByRole('button', { name: /, \d\d:\d\d$/ }).first();
    const targetLabel = (await target.getAttribute('aria-label'))!;
    await target.click();
    const [{ inicio: taken }] = ((await (await request.get(slotsUrl)).json()) as { items: { inicio: string }[] }).items;
    const sniped = await request.post(`/api/public/${slug}/bookings`, {
      data: { locationId, inicio: taken, nome: 'Carla Dias', telefone: phone() },
    });
    expect(sniped.status(), await sniped.text()).toBe(201);
    await next.getByLabel('Nome').fill('Davi Souza');
    await next.getByRole('textbox', { name: /^WhatsApp/ }).fill(phone());
    await next.getByRole('button', { name: 'Confirmar agendamento' }).click();
    await expect(next.getByText('Este horário acabou de ser reservado. Escolha outro.')).toBeVisible();
    await expect(next.getByRole('button', { name: targetLabel })).toHaveCount(0);
    await next.screenshot({ path: testInfo.outputPath('horario-tomado.png'), fullPage: true });

    // /link-publico: real settings with the link and a preview; turning it off closes the page.
    await page.goto('/link-publico');
    await expect(page.getByTestId('public-link')).toHaveText(new RegExp(`/p/${slug}$`));
    await expect(page.getByText('Prévia da página pública')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('link-publico.png'), fullPage: true });
    await page.getByLabel('Agendamento online ativo').uncheck({ force: true });
    await expect(page.getByText('Este personal não está recebendo agendamentos online no momento.')).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações salvas')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Agendamento online ativo')).not.toBeChecked();

    await visitor.goto(`/p/${slug}`);
    await expect(visitor.getByText('Este personal não está recebendo agendamentos online no momento.')).toBeVisible();
    await visitor.goto(`/p/${slug}/${locationId}`);
    await expect(visitor.getByText('Este personal não está recebendo agendamentos online no momento.')).toBeVisible();
    await visitor.screenshot({ path: testInfo.outputPath('pagina-fechada.png'), fullPage: true });

    await visitor.goto('/p/ninguem-com-este-slug');
    await expect(visitor.getByRole('heading', { name: 'Personal não encontrado' })).toBeVisible();
    await Promise.all([visitorDevice.close(), tokyo.close()]);
  });
});
