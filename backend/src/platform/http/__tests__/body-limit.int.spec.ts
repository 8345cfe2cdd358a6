import { type AddressInfo, connect } from 'node:net';
import { apiFixture } from '../../../../../test/support/api-fixture';

const MIB = 1_048_576;

/**
 * A body over the limit sent over a real socket as a client does: all of it (its length declared,
 * or chunked) before it reads what came back. Resolves with the status line and body read, or the
 * socket error met instead (a connection reset: the client never sees the 413).
 */
function postOversized(
  port: number,
  bytes: number,
  framing: 'length' | 'chunked',
): Promise<{ status: string; body: string } | { error: string }> {
  const json = Buffer.from(JSON.stringify({ pix: [], filler: 'x'.repeat(bytes) }));
  const head =
    'POST /api/webhooks/api-pix/pix HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
    (framing === 'length'
      ? `Content-Length: ${json.length}\r\n\r\n`
      : 'Transfer-Encoding: chunked\r\n\r\n');
  const pieces: Buffer[] = [Buffer.from(head)];
  for (let at = 0; at < json.length; at += 64 * 1024) {
    const piece = json.subarray(at, at + 64 * 1024);
    pieces.push(
      framing === 'length'
        ? piece
        : Buffer.concat([
            Buffer.from(`${piece.length.toString(16)}\r\n`),
            piece,
            Buffer.from('\r\n'),
          ]),
    );
  }
  if (framing === 'chunked') pieces.push(Buffer.from('0\r\n\r\n'));
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    let failure: string | undefined;
    const socket = connect(port, '127.0.0.1', async () => {
      // Not reading while sending, as a client busy uploading.
      socket.pause();
      for (const piece of pieces) {
        if (socket.destroyed) break;
        await new Promise<void>((written) => socket.write(piece, () => written()));
        // A network's pace: the server may answer before the last piece is sent.
        await new Promise((paced) => setTimeout(paced, 5));
      }
      socket.resume();
    });
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', (error) => {
      failure = (error as NodeJS.ErrnoException).code ?? error.message;
    });
    socket.on('close', () => {
      const text = Buffer.concat(received).toString();
      const [statusLine = ''] = text.split('\r\n');
      if (!statusLine) resolve({ error: failure ?? 'fechada sem resposta' });
      else resolve({ status: statusLine, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.setTimeout(20_000, () => socket.destroy());
  });
}

describe('a body over the limit (1 MiB)', () => {
  const testApp = apiFixture();
  let port: number;
  beforeAll(async () => {
    await testApp.app.listen(0, '127.0.0.1');
    port = (testApp.app.getHttpServer().address() as AddressInfo).port;
  });

  it.each(['length', 'chunked'] as const)(
    'always gets the pt-BR 413, never a reset connection (%s)',
    async (framing) => {
      const answers = [];
      for (let attempt = 0; attempt < 10; attempt++)
        answers.push(await postOversized(port, MIB + 1024 * (1 + attempt), framing));
      const refused = {
        status: 'HTTP/1.1 413 Payload Too Large',
        body: JSON.stringify({
          statusCode: 413,
          code: 'payload_too_large',
          message: 'O corpo da requisição é grande demais.',
        }),
      };
      expect(answers).toEqual(Array.from({ length: 10 }, () => refused));
    },
  );
});
