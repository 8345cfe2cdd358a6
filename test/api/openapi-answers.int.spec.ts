import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenApiOperation } from '../../backend/src/platform/http/openapi-document';
import { freshAddress } from '../support/accounts';
import { documentedOperations } from '../support/contract-answers';
import { type FakeCep, startFakeCep } from '../support/fake-cep';
import { beatAsTheWorker } from '../support/projections';
import { apiFixture } from '../support/api-fixture';
import webpush from 'web-push';

/**
 * Walks the OpenAPI document the app publishes and, for every operation, provokes the answers any
 * caller can provoke — no token (401), the other role (403), an unknown id (404), a body of the
 * wrong shape (400), and the success of every read that needs no id — each checked against the
 * schema the document declares for that status by a JSON Schema validator (test/support/
 * contract-answers.ts holds every answer of every integration test to the same document). The
 * errors only a situation provokes (409 has_links, 429...) are checked where the suites provoke them.
 */

const UNKNOWN_ID = '0190f0e0-0000-7000-8000-00000000f0a1';
/** Path parameters that are not ids, each with a well-formed value nobody has (an unknown CEP: 404 cep_not_found). */
const UNKNOWN_PATH_VALUES: Record<string, string> = { cep: '00000000' };

interface Walked {
  name: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
  statuses: string[];
}

type Audience = 'public' | 'personal' | 'aluno' | 'signed-in';
const audienceOf = (walked: Walked) => walked.operation['x-audience'] as Audience;
/** Served only by `npm run dev` to the machine itself (the dev mailbox): to anyone else, as here, a 404. */
const devOnly = (walked: Walked) => (walked.operation.tags as string[] | undefined)?.includes('dev') ?? false;
const needsQuery = (walked: Walked) =>
  (walked.operation.parameters ?? []).some((parameter) => parameter.in === 'query' && parameter.required);

describe('the OpenAPI document, held against live answers', () => {
  let cep: FakeCep;
  let app: NestFastifyApplication;
  let tokens: Record<'personal' | 'aluno', string>;
  let walked: Walked[];
  let heartbeat: ReturnType<typeof beatAsTheWorker>;

  beforeAll(async () => {
    cep = await startFakeCep();
  });
  // Declared before the app's: the heartbeat stops while the app's Redis is still open.
  afterAll(async () => {
    await heartbeat.stop();
    await cep.close();
  });
  // Push on, so its key is a read that succeeds.
  const vapid = webpush.generateVAPIDKeys();
  const t = apiFixture(() => ({
    CEP_SERVICE_URL: cep.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:suporte@vira.app.br',
  }));
  beforeAll(async () => {
    app = t.app;
    // /api/health succeeds only with a worker at work.
    heartbeat = beatAsTheWorker(app);
    const trainer = await t.signUp();
    const student = await t.student(trainer);
    tokens = { personal: trainer.token, aluno: student.token };
    walked = [...(await documentedOperations()).entries()].map(([name, { operation }]) => {
      const [method, path] = name.split(' ');
      return { name, method, path, operation, statuses: Object.keys(operation.responses) };
    });
  });

  // A client of its own: the public routes count requests per address.
  const address = freshAddress();
  const send = (walkedOperation: Walked, options: { token?: string; payload?: string } = {}) =>
    app.inject({
      remoteAddress: address,
      method: walkedOperation.method as 'GET',
      url: walkedOperation.path.replace(/\{(\w+)\}/g, (_, name: string) => UNKNOWN_PATH_VALUES[name] ?? UNKNOWN_ID),
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: options.payload,
    });

  it('documents an answer schema and the error statuses of every operation', () => {
    const incomplete = walked
      .filter(({ operation, statuses }) => {
        const success = statuses.find((status) => Number(status) < 400);
        const answer = success && operation.responses[success];
        return !answer || statuses.every((status) => Number(status) < 400);
      })
      .map(({ name }) => name);
    expect(incomplete).toEqual([]);
    expect(walked.length).toBeGreaterThan(0);
  });

  it('answers 401 without a token, 403 to the other role, as declared', async () => {
    const unexpected: string[] = [];
    for (const operation of walked) {
      const audience = audienceOf(operation);
      if (audience === 'public') continue;
      const anonymous = await send(operation);
      if (anonymous.statusCode !== 401) unexpected.push(`${operation.name} sem token: ${anonymous.statusCode}`);
      if (audience === 'signed-in') continue;
      const other = audience === 'personal' ? tokens.aluno : tokens.personal;
      const refused = await send(operation, { token: other });
      if (refused.statusCode !== 403) unexpected.push(`${operation.name} outro papel: ${refused.statusCode}`);
    }
    expect(unexpected).toEqual([]);
  });

  it("answers 404 for an unknown id and 400 for a body that is not an object, as declared", async () => {
    const unexpected: string[] = [];
    for (const operation of walked) {
      const audience = audienceOf(operation);
      const token = audience === 'aluno' ? tokens.aluno : audience === 'public' ? undefined : tokens.personal;
      const hasBody = operation.operation.requestBody !== undefined;
      if (hasBody) {
        const refused = await send(operation, { token, payload: '[]' });
        // A public route that declares 401 checks a signature before it reads the body (a webhook).
        const signed = audience === 'public' && operation.statuses.includes('401');
        if (refused.statusCode !== 400 && refused.statusCode !== 404 && !(signed && refused.statusCode === 401))
          unexpected.push(`${operation.name} corpo []: ${refused.statusCode}`);
      }
      if (operation.path.includes('{') && !hasBody && operation.method !== 'GET') {
        const missing = await send(operation, { token });
        if (missing.statusCode !== 404) unexpected.push(`${operation.name} id desconhecido: ${missing.statusCode}`);
      }
      if (operation.path.includes('{') && operation.method === 'GET') {
        const missing = await send(operation, { token });
        if (missing.statusCode !== 404) unexpected.push(`${operation.name} id desconhecido: ${missing.statusCode}`);
      }
    }
    expect(unexpected).toEqual([]);
  });

  it('answers every read that needs no id with its declared success', async () => {
    const unexpected: string[] = [];
    for (const operation of walked) {
      if (operation.method !== 'GET' || operation.path.includes('{') || needsQuery(operation)) continue;
      const audience = audienceOf(operation);
      const token = audience === 'aluno' ? tokens.aluno : audience === 'public' ? undefined : tokens.personal;
      const answer = await send(operation, { token });
      if (devOnly(operation)) {
        if (answer.statusCode !== 404) unexpected.push(`${operation.name} fora do npm run dev: ${answer.statusCode}`);
        continue;
      }
      if (!operation.statuses.includes(String(answer.statusCode)) || answer.statusCode >= 400)
        unexpected.push(`${operation.name}: ${answer.statusCode} ${answer.body.slice(0, 120)}`);
    }
    expect(unexpected).toEqual([]);
  });
});
