import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiToken, signedInTrainer, type Trainer } from './support/trainer';

/** The open tasks as the list shows them, top to bottom. */
const openTitles = (page: Page) =>
  page.getByRole('list', { name: 'Tarefas pendentes' }).getByRole('listitem').evaluateAll((items) =>
    items.map((item) => item.querySelector('[class*="taskTitle"]')?.textContent ?? ''),
  );

/** The trainer's tasks API, as another device would call it. */
async function tasksApi(request: Page['request'], trainer: Trainer) {
  const headers = { authorization: `Bearer ${await apiToken(request, trainer)}` };
  return {
    create: async (task: Record<string, unknown>) => {
      const response = await request.post('/api/tasks', { data: task, headers });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    },
    patch: async (id: string, changes: Record<string, unknown>) => {
      const response = await request.patch(`/api/tasks/${id}`, { data: changes, headers });
      expect(response.status(), await response.text()).toBe(200);
    },
  };
}

async function newTask(page: Page, fields: { titulo: string; data?: string; hora?: string; repetir?: string }) {
  await page.getByRole('button', { name: 'Adicionar tarefa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova tarefa' });
  // Spec 000 §5: without a title nothing happens.
  await expect(dialog.getByRole('button', { name: 'Criar tarefa' })).toBeDisabled();
  await dialog.getByLabel('Título').fill(fields.titulo);
  if (fields.data) await dialog.getByLabel('Data').fill(fields.data);
  if (fields.hora) {
    await dialog.getByLabel('Dia inteiro').uncheck();
    await dialog.getByLabel('Horário').fill(fields.hora);
  }
  if (fields.repetir) await dialog.getByLabel('Repetir').selectOption({ label: fields.repetir });
  await dialog.getByRole('button', { name: 'Criar tarefa' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Tarefa criada com sucesso!').first()).toBeVisible();
}

/** Drags `handle` onto `target`'s place: the mouse on a desktop, a finger (touch events) on a phone. */
async function dragTo(page: Page, handle: Locator, target: Locator, isPhone: boolean) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  // A little above the target's middle: the dragged task goes before it.
  const end = { x: start.x, y: to.y + to.height * 0.25 };
  const steps = 12;
  if (isPhone) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
    for (let step = 1; step <= steps; step++) {
      const y = start.y + ((end.y - start.y) * step) / steps;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: start.x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  } else {
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(end.x, end.y, { steps });
    await page.mouse.up();
  }
}

test.describe('tasks', () => {
  test('a list, tasks, a weekly one completed into its next occurrence, reopened, reordered by dragging, deleted from Concluída', async ({
    page,
    request,
  }, testInfo) => {
    const isPhone = testInfo.project.name === 'phone';
    await signedInTrainer(page, request, '/agenda');
    const views = page.getByRole('navigation', { name: 'Visualização da agenda' });
    await expect(views.getByRole('radio', { name: 'Calendário' })).toBeChecked();
    await views.getByText('Tarefas', { exact: true }).click();
    await expect(page).toHaveURL(/\/agenda\/tarefas$/);
    await expect(views.getByRole('radio', { name: 'Tarefas' })).toBeChecked();

    // The first list is chosen on its own; it is empty.
    const lists = page.getByRole('navigation', { name: 'Listas de tarefas' });
    await expect(lists.getByRole('button', { name: 'Minhas tarefas' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByText('Nenhuma tarefa nesta lista')).toBeVisible();

    await lists.getByRole('button', { name: 'Criar nova lista' }).click();
    const listDialog = page.getByRole('dialog', { name: 'Criar nova lista' });
    await listDialog.getByLabel('Nome da lista').fill('Academia');
    await listDialog.getByRole('radio', { name: 'Vermelho' }).click();
    await listDialog.getByRole('button', { name: 'Criar lista' }).click();
    await expect(page.getByText('Lista criada com sucesso!')).toBeVisible();
    await expect(lists.getByRole('button', { name: 'Academia' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { name: 'Academia' })).toBeVisible();

    await newTask(page, { titulo: 'Treino da Bia', data: '2031-01-03', hora: '18:00', repetir: 'Semanalmente' });
    await newTask(page, { titulo: 'Comprar elásticos' });
    await newTask(page, { titulo: 'Ligar para o Caio', data: '2031-02-10' });
    await expect.poll(() => openTitles(page)).toEqual(['Treino da Bia', 'Comprar elásticos', 'Ligar para o Caio']);
    const bia = page.getByRole('button', { name: 'Treino da Bia', exact: true });
    await expect(bia).toContainText('03/01/2031, 18:00');
    await expect(bia).toContainText('Semanalmente');

    // Completed: its next occurrence takes its place, a week later, at the same time.
    await page.getByRole('checkbox', { name: 'Concluir "Treino da Bia"' }).click();
    const done = page.getByRole('button', { name: 'Concluída (1)' });
    await expect(done).toBeVisible();
    await expect(bia).toContainText('10/01/2031, 18:00');
    await expect.poll(() => openTitles(page)).toEqual(['Treino da Bia', 'Comprar elásticos', 'Ligar para o Caio']);

    // Reopened and completed again: still one next occurrence.
    await done.click();
    await page.getByRole('checkbox', { name: 'Reabrir "Treino da Bia"' }).click();
    await expect(done).toBeHidden();
    await expect.poll(() => openTitles(page)).toEqual([
      'Treino da Bia',
      'Treino da Bia',
      'Comprar elásticos',
      'Ligar para o Caio',
    ]);
    await page.getByRole('checkbox', { name: 'Concluir "Treino da Bia"' }).first().click();
    await expect(page.getByRole('button', { name: 'Concluída (1)' })).toBeVisible();
    await expect.poll(() => openTitles(page)).toEqual(['Treino da Bia', 'Comprar elásticos', 'Ligar para o Caio']);
    await page.reload();
    await expect.poll(() => openTitles(page)).toEqual(['Treino da Bia', 'Comprar elásticos', 'Ligar para o Caio']);

    // Dragged to the top, by its handle; the order is kept.
    const rows = page.getByRole('list', { name: 'Tarefas pendentes' }).getByRole('listitem');
    await dragTo(page, page.getByRole('button', { name: 'Mover "Ligar para o Caio"' }), rows.first(), isPhone);
    await expect.poll(() => openTitles(page)).toEqual(['Ligar para o Caio', 'Treino da Bia', 'Comprar elásticos']);
    await page.reload();
    await expect.poll(() => openTitles(page)).toEqual(['Ligar para o Caio', 'Treino da Bia', 'Comprar elásticos']);

    // Deleted from 'Concluída (1)'.
    await page.getByRole('button', { name: 'Concluída (1)' }).click();
    await page.getByRole('button', { name: 'Excluir "Treino da Bia"' }).click();
    await expect(page.getByText('Tarefa excluída com sucesso!')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Concluída/ })).toBeHidden();
    await expect.poll(() => openTitles(page)).toEqual(['Ligar para o Caio', 'Treino da Bia', 'Comprar elásticos']);
  });

  test('details, edit, the keyboard moves, and a list with tasks deleted after moving them', async ({ page, request }) => {
    const trainer = await signedInTrainer(page, request);
    const api = await tasksApi(request, trainer);
    await api.create({ titulo: 'Avaliação da Ana', descricao: 'Levar adipômetro', dataVencimento: '2031-03-31', repeticao: 'mensal' });
    await api.create({ titulo: 'Renovar seguro' });
    await page.goto('/agenda/tarefas');
    await expect.poll(() => openTitles(page)).toEqual(['Avaliação da Ana', 'Renovar seguro']);

    await page.getByRole('button', { name: 'Avaliação da Ana', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Detalhes da tarefa' });
    await expect(detail).toContainText('Segunda-feira, 31 de março de 2031, dia inteiro');
    await expect(detail).toContainText('Mensalmente');
    await expect(detail).toContainText('Levar adipômetro');
    await detail.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar tarefa' });
    await expect(edit.getByText('Ao concluir, a próxima será criada para 30/04/2031.')).toBeVisible();
    await edit.getByLabel('Título').fill('Avaliação física da Ana');
    await edit.getByLabel('Dia inteiro').uncheck();
    await edit.getByLabel('Horário').fill('07:30');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Tarefa atualizada com sucesso!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Avaliação física da Ana', exact: true })).toContainText(
      '31/03/2031, 07:30',
    );

    // The handle's arrow keys move a task one place.
    await page.getByRole('button', { name: 'Mover "Renovar seguro"' }).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => openTitles(page)).toEqual(['Renovar seguro', 'Avaliação física da Ana']);
    await expect(page.getByText('"Renovar seguro" movida para a posição 1 de 2.')).toBeAttached();

    // A list with tasks: they go to 'Minhas tarefas', then the list goes.
    const lists = page.getByRole('navigation', { name: 'Listas de tarefas' });
    await lists.getByRole('button', { name: 'Criar nova lista' }).click();
    await page.getByRole('dialog', { name: 'Criar nova lista' }).getByLabel('Nome da lista').fill('Estúdio');
    await page.getByRole('dialog', { name: 'Criar nova lista' }).getByRole('button', { name: 'Criar lista' }).click();
    await expect(page.getByRole('heading', { name: 'Estúdio' })).toBeVisible();
    await newTask(page, { titulo: 'Limpar colchonetes' });
    await page.getByRole('button', { name: 'Opções da lista' }).click();
    await page.getByRole('menuitem', { name: 'Excluir lista' }).click();
    const removal = page.getByRole('dialog', { name: 'Excluir lista' });
    await expect(removal).toContainText('A lista Estúdio tem 1 tarefa. Ao excluí-la, a tarefa vai para Minhas tarefas.');
    await removal.getByRole('button', { name: 'Mover e excluir' }).click();
    await expect(page.getByText('Lista excluída')).toBeVisible();
    await expect(lists.getByRole('button', { name: 'Estúdio' })).toBeHidden();
    await expect(lists.getByRole('button', { name: 'Minhas tarefas' })).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => openTitles(page)).toContain('Limpar colchonetes');
  });

  test('?nova=1 opens the new-task form; a refused completion unticks again', async ({ page, request }) => {
    const trainer = await signedInTrainer(page, request);
    await (await tasksApi(request, trainer)).create({ titulo: 'Pagar academia' });
    await page.goto('/agenda/tarefas?nova=1');
    const dialog = page.getByRole('dialog', { name: 'Nova tarefa' });
    await expect(dialog.getByLabel('Título')).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/agenda\/tarefas$/);

    await page.route('**/api/tasks/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 409, code: 'concurrent_modification', message: 'Tente novamente.' }),
          })
        : route.continue(),
    );
    const check = page.getByRole('checkbox', { name: 'Concluir "Pagar academia"' });
    await check.click();
    await expect(page.getByRole('checkbox', { name: 'Concluir "Pagar academia"' })).not.toBeChecked();
    await expect(page.getByRole('button', { name: /^Concluída/ })).toBeHidden();
    await page.unroute('**/api/tasks/*');

    // A double tap on completing a weekly task, while the first is on its way: completed once.
    await (await tasksApi(request, trainer)).create({ titulo: 'Treino do Caio', dataVencimento: '2031-01-03', repeticao: 'semanal' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let patches = 0;
    await page.route('**/api/tasks/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      patches += 1;
      await held;
      return route.continue();
    });
    await page.getByRole('button', { name: 'Treino do Caio', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Detalhes da tarefa' });
    await detail.getByRole('button', { name: 'Marcar como concluída' }).dblclick();
    await expect(detail.getByRole('button', { name: 'Reabrir tarefa' })).toBeVisible();
    release();
    await expect(page.getByRole('button', { name: 'Concluída (1)' })).toBeVisible();
    expect(patches).toBe(1);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Concluída (1)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Treino do Caio', exact: true })).toContainText('10/01/2031');
  });

  test('a task created and completed in another browser shows up without reloading', async ({ page, request, browser }, testInfo) => {
    const trainer = await signedInTrainer(page, request, '/agenda/tarefas');
    await expect(page.getByText('Nenhuma tarefa nesta lista')).toBeVisible();

    const elsewhere = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const api = await tasksApi(elsewhere.request, trainer);
      const id = await api.create({ titulo: 'Feita no celular', dataVencimento: '2031-01-01', repeticao: 'diaria' });
      await expect.poll(() => openTitles(page)).toEqual(['Feita no celular']);
      await api.patch(id, { concluida: true });
    } finally {
      await elsewhere.close();
    }
    await expect(page.getByRole('button', { name: 'Concluída (1)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Feita no celular', exact: true })).toContainText('02/01/2031');
  });
});
