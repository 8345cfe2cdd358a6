import { PassThrough } from 'node:stream';
import { logDestination, readableLine } from '../logger';

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
});
