import { expect, test } from '@playwright/test';
import { shot } from './support/shots';
import { seriousFindings } from './support/axe';
import { createMonthlyPlan, dueDayIssuedNow, manualPixKey } from './support/monthly-plans';
import { signedInTrainerWithToken } from './support/trainer';

test.describe('monthly plans from the new-student form', () => {
  test("a monthly plan made in Planos, a student subscribed as they are created: the subscription on their page, the cycle in Cobranças with its WhatsApp text", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const { headers } = await signedInTrainerWithToken(page, request);
    await manualPixKey(request, headers);
    const { today, due } = dueDayIssuedNow();
    const dia = String(Number(due.slice(8)));
    const dueBr = due.split('-').reverse().join('/');

    // Planos: a plan with 'Cobrança mensal'.
    await page.goto('/planos/novo');
    await page.getByLabel('Nome do plano').fill('Mensal 3x');
    await page.getByRole('textbox', { name: 'Valor', exact: true }).fill('300');
    await page.getByLabel('Créditos').fill('12');
    await page.getByLabel('Cobrança mensal').check();
    await page.getByLabel('Dia do vencimento').fill(dia);
    await page.getByRole('button', { name: 'Cadastrar Plano' }).click();
    await expect(page.getByText('Plano criado')).toBeVisible();

    // Novo Aluno: 'Plano mensal' ('Nenhum' until chosen), 'Início' today.
    await page.goto('/alunos/novo');
    await page.getByLabel('Nome completo *').fill('Elisa Prado');
    await page.getByLabel('WhatsApp *').fill('11987654321');
    const monthly = page.getByRole('combobox', { name: 'Plano mensal' });
    await expect(monthly).toHaveValue('Nenhum');
    await monthly.click();
    await page.getByRole('option', { name: `Mensal 3x · R$ 300,00 todo dia ${dia}` }).click();
    // The student's plan follows while none was chosen (its credits come with each paid cycle).
    await expect(page.getByRole('combobox', { name: 'Plano', exact: true })).toHaveValue('Mensal 3x - 12 créditos');
    await expect(page.getByLabel('Início')).toHaveValue(today);
    await shot(page, 'novo-aluno-plano-mensal', testInfo.project.name);
    await page.getByRole('button', { name: 'Cadastrar Aluno' }).click();
    await expect(page.getByText('Aluno cadastrado com sucesso!')).toBeVisible();
    await expect(page.getByText('Assinatura iniciada')).toBeVisible();
    await expect(page.getByText(`Mensal 3x: 1º vencimento em ${dueBr}.`)).toBeVisible();
    await shot(page, 'novo-aluno-assinatura-iniciada', testInfo.project.name);

    // The student's page: the subscription, then the cycle the worker issues, by itself.
    const students = (await (await request.get('/api/students', { headers })).json()) as {
      items: { id: string; nome: string }[];
    };
    const studentId = students.items.find((student) => student.nome === 'Elisa Prado')?.id as string;
    await page.goto(`/alunos/${studentId}`);
    const section = page.getByRole('region', { name: 'Cobrança mensal' });
    await expect(section).toContainText(`Mensal 3x · R$ 300,00 todo dia ${dia}`);
    // The worker may have issued the first cycle already: the next one is then a month later.
    const [dueYear, dueMonth] = due.slice(0, 7).split('-').map(Number);
    const nextBr = `${due.slice(8)}/${new Date(Date.UTC(dueYear, dueMonth, 1)).toISOString().slice(5, 7)}/${dueMonth === 12 ? dueYear + 1 : dueYear}`;
    await expect(section).toContainText(new RegExp(`Próximo vencimento: (${dueBr}|${nextBr})`));
    await expect(page.getByText('Plano:', { exact: true }).locator('xpath=..')).toContainText('Mensal 3x');
    const cycle = page.getByTestId('student-charge').filter({ hasText: `mensalidade ${due.slice(5, 7)}/${due.slice(0, 4)}` });
    // The worker issues it as it hears of the subscription, without waiting for a clock.
    await expect(cycle).toBeVisible({ timeout: 60_000 });
    await shot(page, 'aluno-assinatura', testInfo.project.name);

    // Cobranças: the cycle, and its message ready to send on WhatsApp.
    await page.goto('/financeiro/cobrancas');
    const charge = page.getByRole('article', { name: 'Cobrança de Elisa Prado' });
    await expect(charge).toContainText('R$ 300,00');
    await expect(charge).toContainText('Mensal 3x · 12 créditos');
    await expect(charge).toContainText(`Vence em ${dueBr}`);
    const send = charge.getByRole('link', { name: 'Enviar no WhatsApp' });
    const href = new URL((await send.getAttribute('href')) as string);
    expect(href.origin + href.pathname).toBe('https://wa.me/5511987654321');
    const text = href.searchParams.get('text') ?? '';
    expect(text).toContain('Olá, Elisa! A mensalidade do seu plano Mensal 3x está disponível: R$');
    expect(text).toContain(`com vencimento em ${dueBr}`);
    expect(text).toMatch(/Pix Copia e Cola:\n\n000201/);
    expect(text).toContain(`${new URL(page.url()).origin}/aluno`);
    await shot(page, 'cobrancas-ciclo-whatsapp', testInfo.project.name);

    // Finanças: the months ahead are previsto by the cycles to come.
    const ahead = new Date(Date.UTC(dueYear, dueMonth + 1, 1)).toISOString().slice(0, 7);
    await page.goto(`/financeiro?mes=${ahead}`);
    await expect(page.getByText('Previsto', { exact: true }).first().locator('xpath=..')).toContainText('R$ 300,00');
    const chart = page.getByText('Previsto × Recebido (12 meses)').locator('xpath=..');
    await chart.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await expect(chart.getByRole('application')).toBeVisible();
    await shot(page, 'financas-previsto-ciclos', testInfo.project.name);
  });
});

test.describe("'Pausar assinatura'", () => {
  test("pauses a student's monthly plan from their card for the cycles chosen, then 'Retomar'", async ({
    page,
    request,
  }, testInfo) => {
    const { headers } = await signedInTrainerWithToken(page, request);
    await manualPixKey(request, headers);
    const { today, due } = dueDayIssuedNow();
    await createMonthlyPlan(request, headers, { nome: 'Mensal 8', valor: 480, creditos: 8, diaVencimento: Number(due.slice(8)) });
    const plans = (await (await request.get('/api/plans', { headers })).json()) as { items: { id: string }[] };
    const student = await request.post('/api/students', { data: { nome: 'Elisa Prado', whatsapp: '11987654321' }, headers });
    const studentId = ((await student.json()) as { id: string }).id;
    const subscribed = await request.post(`/api/students/${studentId}/subscription`, {
      data: { planId: plans.items[0].id, inicio: today },
      headers,
    });
    expect(subscribed.status(), await subscribed.text()).toBe(201);

    await page.goto(`/alunos/${studentId}`);
    const section = page.getByRole('region', { name: 'Cobrança mensal' });
    await section.getByRole('button', { name: 'Pausar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pausar assinatura' });
    await expect(dialog.getByRole('radio', { name: 'Até eu retomar' })).toBeVisible();
    await dialog.getByRole('radio', { name: '2 ciclos' }).check();
    expect(await seriousFindings(page)).toEqual([]);
    await shot(page, 'pausar-assinatura', testInfo.project.name);
    await dialog.getByRole('button', { name: 'Pausar' }).click();
    await expect(section.getByText(/^Pausada até \p{L}+ de \d{4}$/u)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Retomar' })).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await shot(page, 'assinatura-pausada', testInfo.project.name);

    await section.getByRole('button', { name: 'Retomar' }).click();
    await expect(section.getByRole('button', { name: 'Pausar' })).toBeVisible();
    await expect(section.getByText(/^Pausada/)).toHaveCount(0);
  });
});
