// A mail server that accepts and discards every message: what a production site's SMTP relay is to the bench
// (production refuses the on-disk outbox). It counts what it took, told over HTTP (GET /count), so a bench can set
// mails delivered against transfers made. Prints "smtpPort httpPort" on its first line. Run by bench/lib/smtp-sink.ts.
import { SMTPServer } from 'smtp-server';

let count = 0;
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  closeTimeout: 50,
  onData(stream, _session, cb) {
    stream.on('end', () => {
      count++;
      cb();
    });
    stream.resume();
  },
});
// A server under test killed mid-conversation resets its connections.
server.on('error', () => {});
const http = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response(String(count)) });
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  console.log(`${typeof address === 'object' && address ? address.port : 0} ${http.port}`);
});
