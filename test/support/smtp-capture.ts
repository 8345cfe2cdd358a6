/**
 * A real SMTP server on loopback that keeps every message it receives, for every tier of tests:
 * jest starts it in-process (`startSmtpCapture()`); the browser tests run this file as a process
 * (SMTP_PORT, HTTP_PORT) and read what arrived over HTTP:
 * GET http://127.0.0.1:HTTP_PORT/messages?to=<address> -> { items: [{ to, subject, text }] }, newest first.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpCapture {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first message to `to` (already received or arriving within the timeout). */
  waitFor: (to: string, timeoutMs?: number) => Promise<ParsedMail>;
  close: () => Promise<void>;
}

export const recipientsOf = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) =>
    address.value.flatMap((value) => (value.address ? [value.address.toLowerCase()] : [])),
  );

/** Listens on `port`, or on a free port when none is given. */
export async function startSmtpCapture(port?: number): Promise<SmtpCapture> {
  const messages: ParsedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          listeners.forEach((listener) => listener());
          callback();
        })
        .catch(callback);
    },
  });
  const listening = await listen(server, port);
  const find = (to: string) =>
    messages.find((mail) => recipientsOf(mail).includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    waitFor: (to, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const mail = find(to);
          if (!mail) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`nenhum e-mail para ${to} em ${timeoutMs} ms`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Listens on `port`, or on one the system picks when none is given (never one in use: a random
 * port could be another connection's, and on a busy machine one was). A failure rejects: without
 * a listener of its own, the SMTP server rethrows its errors, and a listen that failed that way
 * left the caller waiting forever.
 */
function listen(server: SMTPServer, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      // A client that drops its connection is its own business, not a crash of the tests.
      server.on('error', () => undefined);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

/** The messages over HTTP, for tests in another process. */
function serveOverHttp(capture: SmtpCapture, port: number): Promise<Server> {
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname !== '/messages') {
      response.statusCode = url.pathname === '/health' ? 200 : 404;
      response.end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const items = [...capture.messages]
      .reverse()
      .filter((mail) => !to || recipientsOf(mail).includes(to))
      .map((mail) => ({
        to: recipientsOf(mail).join(', '),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
      }));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ items }));
  });
  return new Promise((resolve) => http.listen(port, '127.0.0.1', () => resolve(http)));
}

if (require.main === module) {
  void (async () => {
    const capture = await startSmtpCapture(Number(process.env.SMTP_PORT));
    const http = await serveOverHttp(capture, Number(process.env.HTTP_PORT));
    process.stdout.write(`READY ${capture.url} http:${process.env.HTTP_PORT}\n`);
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.on(signal, () => void capture.close().then(() => http.close(() => process.exit(0))));
    }
  })();
}
