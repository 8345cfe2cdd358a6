import type Redis from 'ioredis';
import { apiFixture } from '../../../../test/support/api-fixture';
import { testSockets } from '../../../../test/support/sockets';
import { PROJECTIONS } from '../../contexts';
import { DATABASE, type Db } from '../../platform/database/database.module';
import {
  type ChangesMessage,
  ProjectionWorker,
} from '../../platform/projections/projection-worker';
import { REDIS } from '../../platform/queue/queue.module';

const unauthorized = { statusCode: 401, code: 'unauthorized', message: 'Usuário não autenticado' };

// Trainers and students sign up through the API: a bound for a busy machine, not a timing.
jest.setTimeout(120_000);

describe('erasing a student ends their sessions and sockets at once, and tells the trainer', () => {
  const t = apiFixture();
  let url: string;
  const { connect, handshake, disconnection, closeAll } = testSockets(() => url);

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
  });
  afterAll(closeAll);


  it("refuses the erased student's access token (401) and closes their open socket; the trainer's screens hear of it", async () => {
    const trainer = await t.signUp();
    const student = await t.student(trainer, 'Zuleica Andrade');
    // The student's token is known good and in use: its verdict is remembered.
    expect((await student.api.get('/api/me')).statusCode).toBe(200);
    expect((await student.api.get('/api/student/me')).statusCode).toBe(200);
    const studentSocket = connect(student.token);
    const trainerSocket = connect(trainer.token);
    expect(await handshake(studentSocket)).toBe('connected');
    expect(await handshake(trainerSocket)).toBe('connected');
    const closed = disconnection(studentSocket);
    const told: ChangesMessage[] = [];
    trainerSocket.on('changes', (message: ChangesMessage) => told.push(message));

    const erased = await trainer.api.post(`/api/students/${student.studentId}/erase`, {
      confirm: 'Zuleica Andrade',
    });
    expect(erased.statusCode).toBe(200);

    expect(await closed).toBe('io server disconnect');
    for (const url of ['/api/me', '/api/student/me']) {
      const answer = await student.api.get(url);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(unauthorized);
    }
    expect(await handshake(connect(student.token))).toBe('unauthorized');

    // Once the read models blanked them, the trainer's open screens are told who went.
    const worker = new ProjectionWorker({
      db: t.app.get<Db>(DATABASE),
      redis: t.app.get<Redis>(REDIS),
      prefix: t.config.REDIS_PREFIX,
      projections: PROJECTIONS.filter((projection) => projection.name === 'students'),
    });
    const isErasure = (message: ChangesMessage) =>
      message.changes.some(
        (change) => change.type === 'erasure' && change.id === student.studentId,
      );
    const deadline = Date.now() + 10_000;
    while (!told.some(isErasure) && Date.now() < deadline) {
      await worker.run('students');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(told.filter(isErasure)).toHaveLength(1);
  });
});
