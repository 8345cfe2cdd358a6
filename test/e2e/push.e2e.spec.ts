import { expect, test } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { invitedStudentAccount, studentSignedIn } from './support/students';
import { signedInTrainerWithToken } from './support/trainer';

const SHOTS = 'test-results/screens';

/**
 * Issue 59, item 6: where each person turns on notifications on this device (npm start makes a
 * VAPID pair, so the server pushes): the trainer in Ajustes, the student once a session is booked.
 * Both screens accessible at both sizes.
 */
test("'Notificações neste aparelho' in Ajustes and 'Receber lembretes neste aparelho' after a booking", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const viewport = testInfo.project.name;
  const { token } = await signedInTrainerWithToken(page, request, '/ajustes');
  const toggle = page.getByRole('switch', { name: /Notificações neste aparelho/ });
  await expect(toggle).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.screenshot({ path: `${SHOTS}/push-ajustes-${viewport}.png`, fullPage: true });
  expect(await seriousFindings(page)).toEqual([]);

  const student = await invitedStudentAccount(request, token, 'Lívia Campos');
  const studentPage = await studentSignedIn(browser, testInfo, student);
  const card = studentPage.getByRole('heading', { name: 'Receber lembretes neste aparelho' });
  await expect(studentPage.getByText('Nenhuma sessão agendada')).toBeVisible();
  await expect(card).toHaveCount(0);

  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  const booked = await request.post('/api/sessions', {
    data: {
      studentId: student.studentId,
      inicio: tomorrow.toISOString(),
      fim: new Date(tomorrow.getTime() + 3_600_000).toISOString(),
    },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  // The student's open page hears of the booking: the card comes with it, no reload.
  await expect(card).toBeVisible();
  await expect(studentPage.getByRole('button', { name: 'Ativar lembretes' })).toBeVisible();
  await studentPage.screenshot({ path: `${SHOTS}/push-aluno-${viewport}.png`, fullPage: true });
  expect(await seriousFindings(studentPage)).toEqual([]);
});
