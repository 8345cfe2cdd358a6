import { expect, test } from '@playwright/test';
import { invitedStudentAccount, studentSignedIn } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

const SHOTS = 'test-results/screens';

test.describe('contracts and terms', () => {
  test('the trainer creates a contract, the invited student signs it (bad then good data) and downloads the copy, the trainer sees the signature live, then deactivates it', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const viewport = testInfo.project.name;
    const { token } = await signedInTrainerWithToken(page, request);
    const student = await invitedStudentAccount(request, token, 'Maria Clara Souza', { cpf: '52998224725' });

    // The trainer writes the contract; the form says what is missing first.
    await page.goto('/ajustes/contratos-termos');
    await expect(page.getByText('Nenhum contrato ativo')).toBeVisible();
    await page.getByRole('button', { name: 'Novo', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Novo contrato' });
    await form.getByRole('button', { name: 'Criar contrato' }).click();
    await expect(form.getByText('Título é obrigatório')).toBeVisible();
    await expect(form.getByText('Conteúdo é obrigatório')).toBeVisible();
    await form.getByLabel(/^Título/).fill('Termo de adesão ao treino');
    await form
      .getByLabel(/^Conteúdo/)
      .fill('Eu, {{nome}}, CPF {{cpf}}, telefone {{telefone}}, contrato {{personal}} a partir de {{data}}.\n\nAs aulas seguem a política de cancelamento.');
    await form.getByRole('button', { name: 'Criar contrato' }).click();
    await expect(page.getByText('Contrato criado com sucesso')).toBeVisible();
    const card = page.getByTestId('contrato').filter({ hasText: 'Termo de adesão ao treino' });
    await expect(card).toContainText('Nenhuma assinatura');
    await page.screenshot({ path: `${SHOTS}/contracts-trainer-${viewport}.png`, fullPage: true });

    // The student, on their own device.
    const studentPage = await studentSignedIn(browser, testInfo, student);
    await expect(studentPage.getByText('Você tem 1 contrato aguardando assinatura.')).toBeVisible();
    await expect(studentPage.getByRole('link', { name: 'Falar no WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511987654321',
    );
    const mine = studentPage.getByTestId('contrato-aluno').filter({ hasText: 'Termo de adesão ao treino' });
    await expect(mine).toContainText('Aguardando Assinatura');
    await mine.getByRole('button', { name: 'Ler e assinar' }).click();
    const signing = studentPage.getByRole('dialog', { name: 'Termo de adesão ao treino' });
    await expect(signing.getByText('contrato {{personal}}', { exact: false })).toBeVisible();
    // What the student already gave is filled in: the CPF of their sign-up, the WhatsApp their trainer has.
    await expect(signing.getByLabel(/^CPF/)).toHaveValue('529.982.247-25');
    await expect(signing.getByLabel(/^Telefone/)).toHaveValue('(11) 98888-7777');

    // Bad data first: nothing is signed.
    await signing.getByLabel(/^CPF/).fill('11111111111');
    await expect(signing.getByLabel(/^CPF/)).toHaveValue('111.111.111-11');
    await signing.getByLabel(/^Telefone/).fill('1198765');
    await signing.getByRole('button', { name: 'Assinar contrato' }).click();
    await expect(signing.getByText('CPF inválido', { exact: true })).toBeVisible();
    await expect(signing.getByText('Telefone inválido: use o formato (11) 99999-9999')).toBeVisible();
    await expect(signing.getByText('É necessário consentir com o tratamento dos dados pessoais (LGPD)')).toBeVisible();
    await expect(signing.getByText('É necessário concordar com os termos do contrato')).toBeVisible();
    await studentPage.screenshot({ path: `${SHOTS}/contracts-sign-errors-${viewport}.png`, fullPage: true });

    await signing.getByLabel(/^CPF/).fill('52998224725');
    await expect(signing.getByLabel(/^CPF/)).toHaveValue('529.982.247-25');
    await signing.getByLabel(/^Telefone/).fill('11912345678');
    await expect(signing.getByLabel(/^Telefone/)).toHaveValue('(11) 91234-5678');
    await signing.getByLabel(/tratamento dos meus dados pessoais/).check();
    await signing.getByLabel('Li e concordo com os termos deste contrato.').check();
    await signing.getByRole('button', { name: 'Assinar contrato' }).click();
    await expect(studentPage.getByText('Contrato assinado com sucesso')).toBeVisible();
    await expect(mine).toContainText('Assinado');
    await expect(studentPage.getByText('Você tem 1 contrato aguardando assinatura.')).toHaveCount(0);
    const download = studentPage.waitForEvent('download');
    await mine.getByRole('button', { name: 'Baixar via assinada' }).click();
    expect((await download).suggestedFilename()).toMatch(/^contrato-assinado-.+\.pdf$/);
    await studentPage.screenshot({ path: `${SHOTS}/contracts-student-${viewport}.png`, fullPage: true });

    // The trainer sees the signature arrive without reloading, with the anonymized address.
    await expect(card).toContainText('1 assinatura');
    await card.getByRole('button', { name: 'Ver' }).click();
    const details = page.getByRole('dialog', { name: 'Termo de adesão ao treino' });
    const signature = details.getByTestId('assinatura');
    await expect(signature).toContainText('Maria Clara Souza');
    await expect(signature).toContainText('CPF 529.982.247-25');
    await expect(signature).toContainText(/IP (127\.0\.0\.0|::)/);
    await page.screenshot({ path: `${SHOTS}/contracts-signatures-${viewport}.png`, fullPage: true });
    const trainerCopy = page.waitForEvent('download');
    await signature.getByRole('button', { name: 'PDF' }).click();
    expect((await trainerCopy).suggestedFilename()).toMatch(/\.pdf$/);
    await details.getByRole('button', { name: 'Fechar' }).click();

    // Deactivated: it leaves the active list, and stays under 'Inativos', read-only.
    await card.getByRole('button', { name: 'Desativar' }).click();
    await page.getByRole('dialog', { name: 'Desativar contrato' }).getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Contrato desativado')).toBeVisible();
    await expect(page.getByText('Nenhum contrato ativo')).toBeVisible();
    await page.getByRole('switch', { name: /Inativos/ }).check();
    await expect(card).toContainText('Inativo');
    await expect(card).toContainText('1 assinatura');
    await expect(card.getByRole('button', { name: 'Desativar' })).toHaveCount(0);
    // The student keeps what they signed, with its copy (their socket hears only of their own
    // changes: the list is current on the next read).
    await studentPage.reload();
    const kept = studentPage.getByTestId('contrato-aluno');
    await expect(kept).toContainText('Termo de adesão ao treino');
    await expect(kept).toContainText('Inativo');
    await expect(kept).toContainText('Assinado');
    const keptCopy = studentPage.waitForEvent('download');
    await kept.getByRole('button', { name: 'Baixar via assinada' }).click();
    expect((await keptCopy).suggestedFilename()).toMatch(/\.pdf$/);
    await studentPage.context().close();
  });
});
