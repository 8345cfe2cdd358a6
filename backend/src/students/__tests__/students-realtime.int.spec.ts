import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { studentProjections } from '../projections';
import { signedIn } from '../../../../test/support/accounts';
import { apiFixture } from '../../../../test/support/api-fixture';
import { waitUntil } from '../../../../test/support/processes';
import { DATABASE, type Db } from '../../platform/database/database.module';
import {
  type ChangesMessage,
  ProjectionWorker,
} from '../../platform/projections/projection-worker';
import { REDIS } from '../../platform/queue/queue.module';
import { forgetRoomChanges, ROOM_CHANGES_KEPT_MS } from '../../platform/realtime/room-changes';
import { JOINED_EVENT, type JoinedMessage } from '../../contracts/shared/realtime';

describe('realtime', () => {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });
  const t = apiFixture();
  let url: string;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = await t.app.getUrl();
  });

  function connect(token: string | undefined): Socket {
    const socket = io(url, {
      path: '/socket.io',
      auth: token === undefined ? {} : { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  }

  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const refused = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('conectou com token inválido')));
      socket.once('connect_error', (error) => resolve(error.message));
    });

  /** The `joined` message a new socket of `token` hears once connected. */
  const joinedAs = async (token: string) => {
    const socket = connect(token);
    const joined = new Promise<JoinedMessage>((resolve) => socket.once(JOINED_EVENT, resolve));
    await connected(socket);
    return joined;
  };

  it("pushes `changes` to the tenant's sockets after a projection commits, and to no other tenant", async () => {
    const trainer = await t.principal();
    const stranger = await t.principal();
    // A student of the same tenant does not hear of the trainer's other students either.
    const student = await t.principal('aluno', trainer.tenantId);
    const mine = connect(trainer.token);
    const theirs = connect(stranger.token);
    const studentSocket = connect(student.token);
    await Promise.all([connected(mine), connected(theirs), connected(studentSocket)]);
    const received: ChangesMessage[] = [];
    const strangerReceived: ChangesMessage[] = [];
    mine.on('changes', (message: ChangesMessage) => received.push(message));
    theirs.on('changes', (message: ChangesMessage) => strangerReceived.push(message));
    studentSocket.on('changes', (message: ChangesMessage) => strangerReceived.push(message));

    const { id, position } = (
      await t.as(trainer).post('/api/students', { nome: 'Ana Souza' })
    ).json();
    const worker = new ProjectionWorker({
      db: t.app.get<Db>(DATABASE),
      redis: t.app.get<Redis>(REDIS),
      prefix: t.config.REDIS_PREFIX,
      projections: studentProjections,
    });
    const deadline = Date.now() + 10_000;
    while (
      !received.some(
        (message) =>
          message.projection === 'students' && message.changes.some((change) => change.id === id),
      )
    ) {
      if (Date.now() > deadline) throw new Error('nenhuma mensagem changes chegou');
      await worker.run('students');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const message = received.find(
      (candidate) => candidate.projection === 'students',
    ) as ChangesMessage;
    expect(message.position).toBeGreaterThanOrEqual(position);
    expect(message.changes).toEqual([{ type: 'student', id }]);
    // The same emitter publish reached the first socket: the stranger and the student got nothing.
    expect(strangerReceived).toEqual([]);
  });

  it('tells a joining socket how long ago its rooms last changed, and that it cannot tell once a change may have gone unnoted', async () => {
    const trainer = await t.principal();
    const redis = t.app.get<Redis>(REDIS);
    // Nothing noted yet in this Redis: it cannot tell.
    await forgetRoomChanges(redis, t.config.REDIS_PREFIX);
    expect(await joinedAs(trainer.token)).toEqual({ changedMsAgo: null });

    const { id } = (await t.as(trainer).post('/api/students', { nome: 'Bia Lima' })).json();
    const worker = new ProjectionWorker({
      db: t.app.get<Db>(DATABASE),
      redis,
      prefix: t.config.REDIS_PREFIX,
      projections: studentProjections,
    });
    const listened = connect(trainer.token);
    await connected(listened);
    const told = new Promise<void>((resolve) =>
      listened.on('changes', (message: ChangesMessage) => {
        if (message.changes.some((change) => change.id === id)) resolve();
      }),
    );
    await worker.run('students');
    await told;

    const { changedMsAgo } = await joinedAs(trainer.token);
    expect(changedMsAgo).toEqual(expect.any(Number));
    expect(changedMsAgo).toBeGreaterThanOrEqual(0);
    expect(changedMsAgo).toBeLessThan(ROOM_CHANGES_KEPT_MS);

    // A batch the worker could not note (Redis away, or the note failed): it cannot tell again.
    await forgetRoomChanges(redis, t.config.REDIS_PREFIX);
    expect(await joinedAs(trainer.token)).toEqual({ changedMsAgo: null });
  });

  it("forgets the rooms' changes when the worker's Redis connection comes back from an outage", async () => {
    const trainer = await t.principal();
    const announcements = t.app.get<Redis>(REDIS).duplicate();
    try {
      await new Promise((resolve) => announcements.once('ready', resolve));
      const worker = new ProjectionWorker({
        db: t.app.get<Db>(DATABASE),
        redis: announcements,
        prefix: t.config.REDIS_PREFIX,
        projections: studentProjections,
      });
      await t.as(trainer).post('/api/students', { nome: 'Caio Reis' });
      await worker.run('students');
      expect((await joinedAs(trainer.token)).changedMsAgo).toEqual(expect.any(Number));

      // The connection drops and comes back: what was committed meanwhile went unnoted.
      const back = new Promise((resolve) => announcements.once('ready', resolve));
      announcements.disconnect(true);
      await back;
      await waitUntil(
        async () => (await joinedAs(trainer.token)).changedMsAgo === null,
        10_000,
        'o worker esquecer as mudanças das salas ao reconectar',
        100,
      );
    } finally {
      announcements.disconnect();
    }
  });

  it("tells a student's socket of their own balance, never of another student's", async () => {
    const trainer = await t.principal();
    const ana = (await t.as(trainer).post('/api/students', { nome: 'Ana Souza' })).json().id;
    const bia = (await t.as(trainer).post('/api/students', { nome: 'Bia Lima' })).json().id;
    const studentToken = (studentId: string) =>
      signedIn(t.app, {
        userId: randomUUID(),
        tenantId: trainer.tenantId,
        role: 'aluno',
        studentId,
      });
    const [anaToken, biaToken] = [await studentToken(ana), await studentToken(bia)];
    const anaSocket = connect(anaToken);
    const biaSocket = connect(biaToken);
    await Promise.all([connected(anaSocket), connected(biaSocket)]);
    const anaReceived: ChangesMessage[] = [];
    const biaReceived: ChangesMessage[] = [];
    anaSocket.on('changes', (message: ChangesMessage) => anaReceived.push(message));
    biaSocket.on('changes', (message: ChangesMessage) => biaReceived.push(message));

    const granted = await t.as(trainer).post(`/api/students/${ana}/credits`, {
      amount: 4,
      reason: 'Plano',
    });
    expect(granted.statusCode).toBe(200);
    const worker = new ProjectionWorker({
      db: t.app.get<Db>(DATABASE),
      redis: t.app.get<Redis>(REDIS),
      prefix: t.config.REDIS_PREFIX,
      projections: studentProjections,
    });
    const heard = (type: string) =>
      anaReceived.some((message) => message.changes.some((change) => change.type === type));
    const deadline = Date.now() + 10_000;
    while (!heard('credit') || !heard('student')) {
      if (Date.now() > deadline) throw new Error('a aluna não soube do próprio saldo');
      for (const projection of studentProjections) await worker.run(projection.name);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Each hears only of herself (their creations were projected after their sockets joined).
    const idsHeard = (received: ChangesMessage[]) =>
      new Set(received.flatMap((message) => message.changes.map((change) => change.id)));
    expect([...idsHeard(anaReceived)]).toEqual([ana]);
    expect([...idsHeard(biaReceived)]).not.toContain(ana);
    expect(
      biaReceived.flatMap((message) => message.changes).some((change) => change.type === 'credit'),
    ).toBe(false);
  });

  it('refuses a missing, forged or expired token', async () => {
    const claims = { sub: randomUUID(), tid: randomUUID(), role: 'personal' };
    const forged = jwt.sign(claims, 'x'.repeat(40), { algorithm: 'HS256', expiresIn: 600 });
    const expired = jwt.sign(
      { ...claims, exp: Math.floor(Date.now() / 1000) - 60 },
      t.config.JWT_SECRET,
      {
        algorithm: 'HS256',
      },
    );
    for (const token of [undefined, '', 'not-a-jwt', forged, expired]) {
      expect(await refused(connect(token))).toBe('unauthorized');
    }
  });
});
