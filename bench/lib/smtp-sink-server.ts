// A mail server that accepts and discards every message: what a production site's SMTP relay is to the bench
// (production refuses the on-disk outbox). Prints its port on the first line. Run by bench/lib/smtp-sink.ts.
import { SMTPServer } from 'smtp-server';

const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  closeTimeout: 50,
  onData(stream, _session, cb) {
    stream.on('end', () => cb());
    stream.resume();
  },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.server.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
});
