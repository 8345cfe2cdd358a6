import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first message to `to` (already received or arriving within the timeout). */
  waitFor: (to: string, timeoutMs?: number) => Promise<ParsedMail>;
  close: () => Promise<void>;
}

const recipientOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((address) =>
    address.value.map((value) => value.address),
  );

/** A real SMTP server on loopback (a free port ≥ 40000) that keeps every parsed message. */
export async function startSmtpSink(): Promise<SmtpSink> {
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
  const port = await listenOnFreePort(server);
  const find = (to: string) => messages.find((mail) => recipientOf(mail).includes(to));
  return {
    url: `smtp://127.0.0.1:${port}`,
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

async function listenOnFreePort(server: SMTPServer): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = 40_000 + Math.floor(Math.random() * 20_000);
    const listened = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', onError);
        resolve(true);
      });
    });
    if (listened) return port;
  }
  throw new Error('nenhuma porta livre para o servidor SMTP de teste');
}
