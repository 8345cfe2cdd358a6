import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * JSON answers travel compressed when the client accepts it: a month of a busy agenda is ~400 kB of
 * JSON and ~80 kB compressed, ~350 ms against ~70 ms on a phone's 9 Mbit/s network. Only whole
 * JSON bodies are compressed, in one synchronous call (a few ms for the largest answers): streams
 * (the advisor's server-sent events) and the SPA's files (compressed once at build time) are left
 * as they are.
 */

/** Below this an answer fits in a packet or two: compressing it saves nothing worth the CPU. */
export const COMPRESS_MIN_BYTES = 2048;

export type JsonEncoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses one). */
export function acceptedEncoding(header: string | string[] | undefined): JsonEncoding | null {
  const accepted = new Set<string>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...parameters] = part.toLowerCase().split(';');
    const token = name.trim();
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (token && (quality === undefined || Number(quality) > 0)) accepted.add(token);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

const compressors: Record<JsonEncoding, (body: Buffer) => Buffer> = {
  // Quality 4: most of brotli's gain at gzip's speed (11 is for files compressed once, at build time).
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body, { level: 5 }),
};

const byteLength = (payload: unknown): number =>
  typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : 0;

/** An onSend hook: the payload as it goes out, compressed when it is a large JSON body the client can take. */
export function compressJsonAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (
    !String(reply.getHeader('content-type') ?? '').startsWith('application/json') ||
    reply.hasHeader('content-encoding') ||
    byteLength(payload) < COMPRESS_MIN_BYTES
  ) {
    done(null, payload);
    return;
  }
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) {
    done(null, payload);
    return;
  }
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  done(null, compressors[encoding](typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer)));
}
