/**
 * The end-to-end run's mail server (playwright.config.ts starts it before the app): the test SMTP
 * server of smtp-sink.ts on 127.0.0.1:SMTP_PORT, where the app delivers (SMTP_URL), and a small
 * HTTP API on 127.0.0.1:HTTP_PORT through which the specs read what arrived
 * (tests/e2e/mailbox.ts): GET /messages?to=<address> lists the mails to that address, oldest
 * first; GET /health answers 200 once both listen. Bounded: it keeps the last 5,000 mails.
 */
import { createServer } from 'node:http';
import { startSmtpSink } from './smtp-sink';

const SMTP_PORT = Number(process.env.SMTP_PORT);
const HTTP_PORT = Number(process.env.HTTP_PORT);
if (!SMTP_PORT || !HTTP_PORT) throw new Error('SMTP_PORT and HTTP_PORT must be set');
const KEEP = 5_000;

const sink = await startSmtpSink({ port: SMTP_PORT });

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${HTTP_PORT}`);
  if (url.pathname === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  if (url.pathname === '/messages' && request.method === 'GET') {
    if (sink.received.length > KEEP) sink.received.splice(0, sink.received.length - KEEP);
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = sink.received
      .filter((mail) => !to || mail.envelopeTo.includes(to))
      .map((mail) => ({
        messageId: mail.messageId ?? null,
        to: mail.envelopeTo,
        from: mail.from?.text ?? '',
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
        headers: Object.fromEntries([...mail.headerLines].map((line) => [line.key, line.line.slice(line.key.length + 1).trim()])),
      }));
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages));
    return;
  }
  response.writeHead(404).end();
});
http.listen(HTTP_PORT, '127.0.0.1');

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    http.close();
    void sink.close().then(() => process.exit(0));
  });
}
