import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { OIDC_ISSUER } from './playwright.config';
import { seriousFindings } from './support/axe';
import { shot } from './support/shots';
import {
  completeOnboarding,
  linkIn,
  mailTo,
  ONBOARDING_ANSWERS,
  signedInTrainer,
  signInThroughTheForm,
  signOut,
  signUpTrainer,
  type Trainer,
  validCpf,
} from './support/trainer';

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
const authenticatorCode = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** E-mail and password, up to the second step's question. */
async function passwordStep(page: Page, trainer: Trainer): Promise<void> {
  await page.getByLabel('E-mail').fill(trainer.email);
  await page.getByLabel('Senha').fill(trainer.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByLabel('Código de verificação')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
}

/** The second step answered with `code`: signed in, on the dashboard. */
async function codeStep(page: Page, trainer: Trainer, code: string): Promise<void> {
  await page.getByLabel('Código de verificação').fill(code);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Login realizado com sucesso!').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: `Olá, ${trainer.nome.split(' ')[0]}!` })).toBeVisible();
}

test.describe('/auth', () => {
  test('a trainer registers and goes straight on (no confirmation required), completes the onboarding, signs out, confirms the e-mail and signs back in', async ({
    page,
    request,
  }, testInfo) => {
    // A bound for a busy machine, not a timing.
    test.setTimeout(120_000);
    const email = `beatriz-${randomUUID()}@vira.test`;
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Cadastrar' }).click();
    await page.getByLabel('Nome').fill('Beatriz Lima');
    await page.getByLabel('CPF').fill(validCpf());
    await page.getByLabel('Data de nascimento').fill('1992-03-08');
    await page.getByLabel('Celular').fill('11987654321');
    await expect(page.getByLabel('Celular')).toHaveValue('(11) 98765-4321');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('segredo123');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText('Conta criada com sucesso!')).toHaveCount(1);
    // This start sends e-mail (SMTP) but sign-in does not wait for the confirmation: the toast says
    // so, and sign-up leads straight on, signed in.
    await expect(
      page.getByText(`Você já pode usar o Vira. Enviamos também um e-mail (${email}) para confirmar o endereço.`),
    ).toBeVisible();
    await expect(page.getByText(/Verifique seu e-mail/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Olá, Beatriz!' })).toBeVisible();

    const dialog = page.getByRole('dialog', { name: 'Configuração Inicial' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Começar Configuração' }).click();
    const answers = Object.values(ONBOARDING_ANSWERS);
    for (const [index, answer] of answers.entries()) {
      if (index === 3) {
        // A reload keeps the answers given: the chat goes on at the fourth question.
        await page.reload();
        await expect(dialog.getByText('4/11')).toBeVisible();
        for (const given of answers.slice(0, 3)) await expect(dialog.getByText(given, { exact: true })).toBeVisible();
      }
      await expect(dialog.getByText(`${index + 1}/11`)).toBeVisible();
      const input = dialog.getByPlaceholder('Digite sua resposta...');
      await expect(input).toBeEnabled();
      await input.fill('   ');
      await input.press('Enter');
      await expect(dialog.getByText(`${index + 1}/11`)).toBeVisible(); // a blank answer is not sent
      await input.fill(answer);
      // Enter sends once the question has been asked (the send button enables after the typing pause).
      await expect(dialog.getByRole('button', { name: 'Enviar' })).toBeEnabled();
      await input.press('Enter');
      // The last answer closes the dialog 2 s after it is saved: on a busy machine it may be gone.
      if (index < answers.length - 1) await expect(dialog.getByText(answer, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Onboarding concluído!')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5_000 });

    await signOut(page, testInfo.project.name === 'phone');
    // The e-mail sent at sign-up confirms the address, once.
    const confirmation = await mailTo(request, email, /Confirme seu e-mail/);
    await page.goto(linkIn(confirmation.text));
    await expect(page).toHaveURL(/\/auth\?confirmed=1/);
    await expect(page.getByText('E-mail confirmado! Faça login.')).toBeVisible();
    await page.goto(`${new URL(linkIn(confirmation.text), 'http://x').pathname}?token=nao-existe`);
    await expect(page).toHaveURL(/\/auth\?confirmed=0/);
    await expect(page.getByText('Link de confirmação inválido ou expirado. Faça login para receber um novo.')).toBeVisible();

    await signInThroughTheForm(page, { nome: 'Beatriz Lima', email, password: 'segredo123' });
    await expect(page.getByRole('heading', { name: 'Olá, Beatriz!' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Configuração Inicial' })).toHaveCount(0);
  });

  test('a signed-out page load never calls /api/auth/refresh; the readable session marker comes and goes with the refresh cookie', async ({
    page,
    request,
    context,
  }, testInfo) => {
    const refreshCalls: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/auth/refresh') refreshCalls.push(sent.method());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    await page.goto('/auth?confirmed=1');
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    expect(refreshCalls).toEqual([]);
    expect(consoleErrors).toEqual([]);

    const trainer = await signUpTrainer(request);
    await completeOnboarding(request, trainer);
    await signInThroughTheForm(page, trainer);
    const cookies = await context.cookies();
    const refreshCookie = cookies.find((cookie) => cookie.name === 'vira_refresh');
    const marker = cookies.find((cookie) => cookie.name === 'vira_session');
    expect(refreshCookie).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Lax' });
    expect(marker).toMatchObject({ value: '1', httpOnly: false, path: '/', sameSite: 'Lax', secure: refreshCookie?.secure });
    expect(Math.abs((marker?.expires ?? 0) - (refreshCookie?.expires ?? 0))).toBeLessThanOrEqual(1);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
    expect(refreshCalls).toEqual(['POST']);

    await signOut(page, testInfo.project.name === 'phone');
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('vira_session');
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    expect(refreshCalls).toEqual(['POST']);
  });

  test('a wrong password says so in pt-BR', async ({ page, request }) => {
    const trainer = await signUpTrainer(request);
    await page.goto('/auth');
    await page.getByLabel('E-mail').fill(trainer.email);
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Email ou senha incorretos')).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('forgot password: the e-mailed link sets a new password that signs in', async ({ page, request }) => {
    const trainer = await signUpTrainer(request);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(trainer.email);
    await dialog.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByText('Email enviado!')).toBeVisible();

    const mail = await mailTo(request, trainer.email, /Redefinição de senha/);
    await page.goto(linkIn(mail.text));
    await page.getByLabel(/^Nova senha/).fill('nova-senha-456');
    await page.getByLabel('Confirmar nova senha').fill('nova-senha-456');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('Senha alterada!')).toBeVisible();

    await signInThroughTheForm(page, { ...trainer, password: 'nova-senha-456' });
    await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
  });

  test('an identity provider that is not configured says to use e-mail and password', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Apple' }).click();
    await expect(page.getByText('Login com Apple não está configurado. Use e-mail e senha.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('Google sign-in through a real OpenID Connect provider creates the account and lands on the dashboard', async ({
    page,
    request,
  }) => {
    const account = { sub: `google-${randomUUID()}`, email: `carla-${randomUUID()}@vira.test`, verified: 'true', name: 'Carla Mendes' };
    const prepared = await request.get(`${OIDC_ISSUER}/_test/next-login?${new URLSearchParams(account)}`);
    expect(prepared.ok()).toBeTruthy();

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Google' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Olá, Carla!' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Configuração Inicial' })).toBeVisible();
  });

  test('two-factor: turned on in Ajustes with a real authenticator, then sign-in asks for the code (or a recovery code) until it is turned off', async ({
    page,
    request,
    context,
  }, testInfo) => {
    test.setTimeout(120_000);
    const isPhone = testInfo.project.name === 'phone';
    const trainer = await signedInTrainer(page, request);
    const accessibility: string[] = [];
    const checkAccessibility = async (state: string) => {
      for (const finding of await seriousFindings(page)) accessibility.push(`${state}: ${finding}`);
    };

    await page.goto('/ajustes');
    await page.getByRole('link', { name: /Verificação em duas etapas/ }).click();
    await expect(page).toHaveURL(/\/ajustes\/duas-etapas$/);
    await expect(page.getByText('Desativada', { exact: true })).toBeVisible();
    await shot(page, 'duas-etapas-desativada', testInfo.project.name);
    await page.getByRole('button', { name: 'Ativar' }).click();
    await expect(page.getByRole('img', { name: 'QR code para adicionar o Vira ao app autenticador' })).toBeVisible();
    const secret = ((await page.getByLabel('Chave do app autenticador').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await checkAccessibility('configuração');
    await shot(page, 'duas-etapas-qr', testInfo.project.name);

    await page.getByLabel('Código de verificação').fill('000000');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Código de verificação inválido.')).toBeVisible();
    await page.getByLabel('Código de verificação').fill(await authenticatorCode(secret));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Verificação em duas etapas ativada')).toBeVisible();

    const shown = page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
    await expect(shown).toHaveCount(10);
    const recoveryCodes = await shown.allTextContents();
    expect(new Set(recoveryCodes).size).toBe(10);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('vira-codigos-de-recuperacao.txt');
    const file = readFileSync(await download.path(), 'utf8');
    for (const code of recoveryCodes) expect(file).toContain(code);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copiar', exact: true }).click();
    await expect(page.getByText('Códigos copiados!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join('\n'));
    await checkAccessibility('códigos de recuperação');
    await shot(page, 'duas-etapas-codigos', testInfo.project.name);
    await page.getByRole('button', { name: 'Concluir' }).click();
    await expect(page.getByText('Ativa', { exact: true })).toBeVisible();
    // Shown once: back on the page, only the way to turn it off.
    await page.reload();
    await expect(page.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(page.getByText(recoveryCodes[0])).toHaveCount(0);

    // Sign-in now asks for the code; a wrong one is refused in pt-BR.
    await signOut(page, isPhone);
    await passwordStep(page, trainer);
    await checkAccessibility('código no login');
    await shot(page, 'login-codigo', testInfo.project.name);
    await page.getByLabel('Código de verificação').fill('123456');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText('Código de verificação inválido.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    // The next time step: the activation's code cannot be replayed.
    await codeStep(page, trainer, await authenticatorCode(secret, 30));

    // A recovery code instead, once.
    await signOut(page, isPhone);
    await passwordStep(page, trainer);
    await codeStep(page, trainer, recoveryCodes[0]);

    // Turning it off takes the password and a code too (here another recovery code); then the
    // password is enough.
    await page.goto('/ajustes/duas-etapas');
    await expect(page.getByText('Ativa', { exact: true })).toBeVisible();
    await shot(page, 'duas-etapas-ativa', testInfo.project.name);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('errada123');
    await page.getByLabel('Código de verificação').fill(recoveryCodes[1]);
    await page.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Senha incorreta.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(trainer.password);
    await page.getByLabel('Código de verificação').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Código de verificação inválido.')).toBeVisible();
    await page.getByLabel('Código de verificação').fill(recoveryCodes[1]);
    await page.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Verificação em duas etapas desativada')).toBeVisible();
    await expect(page.getByText('Desativada', { exact: true })).toBeVisible();
    await signOut(page, isPhone);
    await signInThroughTheForm(page, trainer);

    expect(accessibility).toEqual([]);
  });
});
