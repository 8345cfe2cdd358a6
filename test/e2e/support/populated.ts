import { type APIRequestContext, expect } from '@playwright/test';
import { todayInSaoPaulo } from './monthly-plans';

/** A day `days` after `day` (yyyy-mm-dd). */
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A trainer's tenant with every kind of data a screen shows a badge or a value for, seeded through
 * the API: students active and inactive with many, few and no credits; sessions today booked,
 * unconfirmed, done and cancelled; receitas, a despesa and a voided receita; charges pending, paid,
 * cancelled and late; a monthly subscription. Answers once every read shows it all.
 */
export async function populateTenant(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  let position = 0;
  const send = async (method: 'post' | 'put' | 'patch', url: string, data?: unknown) => {
    const response = await request[method](url, { data, headers });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBeTruthy();
    const answer = (await response.json()) as { id: string; position?: number };
    position = Math.max(position, answer.position ?? 0);
    return answer;
  };
  const today = todayInSaoPaulo();

  await send('put', '/api/settings/pix', { chave: '529.982.247-25', nomeRecebedor: 'Ana Souza Personal', cidade: 'São Paulo' });
  const { id: planoId } = await send('post', '/api/plans', { nome: 'Pacote 8 aulas', valor: 480, creditos: 8 });
  const { id: monthlyId } = await send('post', '/api/plans', {
    nome: 'Mensal 2x',
    valor: 350,
    creditos: 8,
    cobranca: { tipo: 'mensal', diaVencimento: 10 },
  });
  const { id: locationId } = await send('post', '/api/locations', { nome: 'Studio Centro' });

  const student = async (nome: string, credits: number) => {
    const { id } = await send('post', '/api/students', { nome, whatsapp: '11977776666', planoId });
    if (credits > 0) await send('post', `/api/students/${id}/credits`, { amount: credits, reason: 'Pacote' });
    return id;
  };
  const bruno = await student('Bruno Lima', 8);
  const carla = await student('Carla Dias', 1);
  const diego = await student('Diego Reis', 0);
  const elisa = await student('Elisa Prado', 3);
  await send('patch', `/api/students/${elisa}`, { ativo: false });

  const session = async (studentId: string, hour: number) =>
    (
      await send('post', '/api/sessions', {
        studentId,
        locationId,
        inicio: `${today}T${String(hour).padStart(2, '0')}:00:00-03:00`,
        fim: `${today}T${String(hour + 1).padStart(2, '0')}:00:00-03:00`,
      })
    ).id;
  await session(bruno, 8);
  const done = await session(carla, 10);
  await send('patch', `/api/sessions/${done}`, { status: 'feita' });
  const cancelled = await session(diego, 12);
  await send('patch', `/api/sessions/${cancelled}`, { status: 'cancelada' });
  const unconfirmed = await session(bruno, 15);
  await send('patch', `/api/sessions/${unconfirmed}`, { confirmado: false });

  const transaction = (tipo: 'receita' | 'despesa', valor: number, descricao: string, studentId?: string) =>
    send('post', '/api/transactions', { tipo, valor, data: today, descricao, metodoPagamento: 'pix', studentId });
  await transaction('receita', 480, 'Pacote 8 aulas', bruno);
  await transaction('despesa', 120, 'Aluguel do studio');
  const { id: voided } = await transaction('receita', 90, 'Aula avulsa', carla);
  await send('post', `/api/transactions/${voided}/void`, {});

  const charge = (studentId: string, vencimento?: string) =>
    send('post', '/api/charges', { studentId, planId: planoId, vencimento });
  await charge(carla);
  await send('post', `/api/charges/${(await charge(bruno)).id}/confirm`, {});
  await send('post', `/api/charges/${(await charge(diego)).id}/cancel`, {});
  await charge(diego, dayAfter(today, -5));
  await send('post', `/api/students/${carla}/subscription`, { planId: monthlyId, inicio: today });

  // Every read the screens make has caught up with everything written.
  const month = today.slice(0, 7);
  for (const read of [
    '/api/students',
    `/api/students/${bruno}`,
    '/api/charges',
    '/api/subscriptions',
    `/api/transactions?month=${month}`,
    `/api/finance/summary?month=${month}`,
    '/api/dashboard',
  ]) {
    const response = await request.get(read, { headers: { ...headers, 'x-min-position': String(position) } });
    expect(response.headers()['x-stale'], read).toBeUndefined();
  }
  return { planoId, locationId, studentIds: { bruno, carla, diego, elisa } };
}
