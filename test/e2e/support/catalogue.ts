import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken, type Trainer } from './trainer';

/** The trainer's own API, as the SPA calls it. */
export async function trainerApi(request: APIRequestContext, trainer: Trainer) {
  const headers = { authorization: `Bearer ${await apiToken(request, trainer)}` };
  const send = async (method: 'post' | 'put' | 'patch', url: string, data: unknown) => {
    const response = await request[method](url, { data, headers });
    expect(response.ok(), await response.text()).toBeTruthy();
    return (await response.json()) as { id: string; position: number };
  };
  return {
    /** The plans as the API lists them to this caller (its reads wait for its own writes). */
    planNames: async () => {
      const response = await request.get('/api/plans', { headers });
      return ((await response.json()) as { items: Array<{ nome: string }> }).items.map((plan) => plan.nome);
    },
    createPlan: (plan: { nome: string; descricao?: string; valor: number; creditos: number }) =>
      send('post', '/api/plans', plan),
    /** A student on a plan: the plan can no longer be removed (409 has_links), only archived. */
    createStudent: (student: { nome: string; whatsapp: string; planoId: string }) => send('post', '/api/students', student),
    createLocation: (location: { nome: string; cep?: string; endereco?: string }) =>
      send('post', '/api/locations', location),
    /**
     * Answers once the policy is readable by anyone (a student's page too, which does not wait for
     * the trainer's writes): the trainer's read shows it once the read model holds it.
     */
    setPolicy: async (locationId: string, policy: { cancelLimiteHoras: number; taxaPercent: number; queimaCredito: boolean }) => {
      const saved = await send('put', `/api/locations/${locationId}/policy`, policy);
      await expect
        .poll(async () => (await request.get(`/api/locations/${locationId}/policy`, { headers })).json())
        .toMatchObject(policy);
      return saved;
    },
  };
}
