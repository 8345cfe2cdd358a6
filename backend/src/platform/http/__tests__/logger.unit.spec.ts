import { PassThrough } from 'node:stream';
import fastify from 'fastify';
import pino from 'pino';
import { logDestination, logRequests, PinoNestLogger, readableLine } from '../logger';

describe('logs', () => {
  it('turns a request record into one readable line, without headers', () => {
    const line = readableLine({
      level: 30,
      time: Date.UTC(2026, 10, 22, 12, 1, 2, 345),
      service: 'api',
      reqId: 'r-1',
      req: { id: 'r-1', method: 'GET', url: '/api/students' },
      res: { statusCode: 200 },
      responseTime: 3.4,
      msg: 'request completed',
      pid: 1,
      hostname: 'h',
    });
    expect(line).toBe('12:01:02.345 INFO  api GET /api/students 200 3 ms\n');
  });

  it('keeps other fields and the error stack of a record', () => {
    const line = readableLine({
      level: 50,
      time: 0,
      service: 'worker',
      msg: 'job failed',
      queue: 'projections',
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
    });
    expect(line).toBe(
      '00:00:00.000 ERROR worker job failed {"queue":"projections"}\nError: boom\n    at x\n',
    );
  });

  it('writes readable lines outside production', () => {
    const output = new PassThrough();
    const chunks: string[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    logDestination({ NODE_ENV: 'development' }, output).write(
      `${JSON.stringify({ level: 40, time: 0, service: 'api', msg: 'devagar' })}\n`,
    );
    expect(chunks.join('')).toBe('00:00:00.000 WARN  api devagar\n');
  });

  const capture = () => {
    const records: Array<Record<string, unknown>> = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void records.push(JSON.parse(line)) },
    );
    return { records, logger };
  };

  it('logs each request once when answered, with its id, never its headers; a 503 as a warning; health probes not at all', async () => {
    const { records, logger } = capture();
    const server = fastify({ genReqId: () => 'r-42' });
    logRequests(server, logger);
    server.get('/api/students', async () => ({ items: [] }));
    server.get('/api/health', async () => ({ status: 'ok' }));
    server.get('/api/boom', async () => {
      throw new Error('x');
    });
    server.get('/api/away', async (_request, reply) =>
      reply.status(503).send({ code: 'database_unavailable' }),
    );
    await server.inject({
      url: '/api/students?ativo=true',
      headers: { authorization: 'Bearer segredo' },
    });
    await server.inject({ url: '/api/health' });
    await server.inject({ url: '/api/boom' });
    await server.inject({ url: '/api/away' });
    await server.close();

    expect(
      records.map(({ level, msg, reqId, req, res }) => ({ level, msg, reqId, req, res })),
    ).toEqual([
      {
        level: 30,
        msg: 'request completed',
        reqId: 'r-42',
        req: { id: 'r-42', method: 'GET', url: '/api/students?ativo=true' },
        res: { statusCode: 200 },
      },
      {
        level: 50,
        msg: 'request failed',
        reqId: 'r-42',
        req: { id: 'r-42', method: 'GET', url: '/api/boom' },
        res: { statusCode: 500 },
      },
      // A deliberate 503 (a service away) is what it is: a warning.
      {
        level: 40,
        msg: 'request unavailable',
        reqId: 'r-42',
        req: { id: 'r-42', method: 'GET', url: '/api/away' },
        res: { statusCode: 503 },
      },
    ]);
    expect(typeof records[0].responseTime).toBe('number');
    expect(JSON.stringify(records)).not.toContain('segredo');
  });

  it("writes Nest's lines with their context, an error with its stack", () => {
    const { records, logger } = capture();
    const nest = new PinoNestLogger(logger);
    nest.log('Nest application successfully started', 'NestApplication');
    nest.error('falhou', 'Error: falhou\n    at y', 'Projections');
    nest.debug('não escrito', 'X');
    expect(records.map(({ level, msg, context, err }) => ({ level, msg, context, err }))).toEqual([
      {
        level: 30,
        msg: 'Nest application successfully started',
        context: 'NestApplication',
        err: undefined,
      },
      {
        level: 50,
        msg: 'falhou',
        context: 'Projections',
        err: expect.objectContaining({ message: 'falhou', stack: 'Error: falhou\n    at y' }),
      },
    ]);
  });
});
