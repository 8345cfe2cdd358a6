import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { LightMyRequestResponse } from 'fastify';
import { http } from '../../../../test/support/api';
import { newPrincipal, type Principal } from '../../../../test/support/accounts';
import { projectAll } from '../../../../test/support/projections';
import type { Session } from '../../contracts/scheduling/api';
import type { CreditHistoryItem, Student } from '../../contracts/students/api';

export { countEvents } from '../../../../test/support/api';

/** A trainer of a fresh tenant with its HTTP client and the steps every agenda test takes. */
export async function agendaOf(app: NestFastifyApplication, principal?: Principal) {
  const trainer = principal ?? (await newPrincipal(app));
  const api = http(app, trainer);
  const expectStatus = (response: LightMyRequestResponse, status: number) => {
    if (response.statusCode !== status)
      throw new Error(`esperava ${status}, veio ${response.statusCode}: ${response.body}`);
    return response;
  };

  return {
    trainer,
    api,
    /** Runs every projection and process manager, as the worker would, to the end of the log. */
    project: () => projectAll(app),

    async student(nome = 'Ana Souza', credits = 0): Promise<string> {
      const id = expectStatus(await api.post('/api/students', { nome }), 201).json().id as string;
      if (credits > 0)
        expectStatus(
          await api.post(`/api/students/${id}/credits`, { amount: credits, reason: 'Plano' }),
          200,
        );
      return id;
    },

    async location(
      nome = 'Academia Centro',
      policy?: { cancelLimiteHoras: number; taxaPercent: number; queimaCredito: boolean },
    ): Promise<string> {
      const id = expectStatus(await api.post('/api/locations', { nome }), 201).json().id as string;
      if (policy) expectStatus(await api.put(`/api/locations/${id}/policy`, policy), 200);
      return id;
    },

    book: (body: Record<string, unknown>, extra?: Record<string, string>) =>
      api.post('/api/sessions', body, extra),

    /** Books and expects 201; answers the new session's id. */
    async booked(body: Record<string, unknown>): Promise<string> {
      return expectStatus(await api.post('/api/sessions', body), 201).json().id as string;
    },

    change: (id: string, body: Record<string, unknown>) => api.patch(`/api/sessions/${id}`, body),

    async sessions(from: string, to: string): Promise<Session[]> {
      await projectAll(app);
      const response = expectStatus(
        await api.get(
          `/api/sessions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        ),
        200,
      );
      return response.json().items;
    },

    async session(id: string): Promise<Session> {
      await projectAll(app);
      return expectStatus(await api.get(`/api/sessions/${id}`), 200).json();
    },

    async balance(studentId: string): Promise<number> {
      await projectAll(app);
      return (expectStatus(await api.get(`/api/students/${studentId}`), 200).json() as Student)
        .creditos;
    },

    async history(studentId: string): Promise<CreditHistoryItem[]> {
      await projectAll(app);
      return expectStatus(await api.get(`/api/students/${studentId}/history`), 200).json().items;
    },
  };
}

export type Agenda = Awaited<ReturnType<typeof agendaOf>>;

/** An instant `hours` from now, to the second, as the API writes instants. */
export const hoursFromNow = (hours: number) =>
  new Date(Math.floor(Date.now() / 1000) * 1000 + hours * 3_600_000).toISOString();
