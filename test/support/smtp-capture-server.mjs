// A real SMTP server on loopback for the browser tests: the app sends its e-mails here
// (SMTP_URL=smtp://127.0.0.1:SMTP_PORT) and the tests read what arrived over HTTP:
// GET http://127.0.0.1:HTTP_PORT/messages?to=<address> -> { items: [{ to, subject, text }] }, newest first.
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.SMTP_PORT);
const httpPort = Number(process.env.HTTP_PORT);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap(
          (address) => address.value.map((value) => value.address.toLowerCase()),
        );
        messages.unshift({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      })
      .catch(callback);
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${httpPort}`);
  if (url.pathname !== '/messages') {
    response.statusCode = url.pathname === '/health' ? 200 : 404;
    response.end();
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const items = messages
    .filter((message) => !to || message.to.includes(to))
    .map(({ to: recipients, subject, text }) => ({ to: recipients.join(', '), subject, text }));
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ items }));
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  http.listen(httpPort, '127.0.0.1', () =>
    process.stdout.write(`READY smtp:${smtpPort} http:${httpPort}\n`),
  );
});
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => smtp.close(() => http.close(() => process.exit(0))));
}
