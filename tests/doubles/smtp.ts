import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string; html: string };
/** connections: how many SMTP connections were opened so far. */
export type SmtpDouble = { url: string; port: number; messages: ReceivedMail[]; connections(): number; next(): Promise<ReceivedMail>; stop(): Promise<void> };

/** A real SMTP server (the `smtp-server` package) on the first free port of 3300–3349, keeping what it receives. */
export async function startSmtpDouble(opts: { user?: string; pass?: string } = {}): Promise<SmtpDouble> {
  const messages: ReceivedMail[] = [];
  const waiting: ((m: ReceivedMail) => void)[] = [];
  let connections = 0;
  const server = new SMTPServer({
    onConnect(_session, cb) {
      connections++;
      cb();
    },
    disabledCommands: opts.user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !opts.user,
    logger: false,
    // Stopping does not wait for clients to hang up: a pooled mailer keeps its connections open until closed.
    closeTimeout: 50,
    onAuth(auth, _session, cb) {
      if (auth.username === opts.user && auth.password === opts.pass) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMime(raw),
        };
        messages.push(mail);
        waiting.shift()?.(mail);
        cb();
      });
    },
  });
  // A client killed mid-conversation (the crash test) resets its connection; a mail server shrugs that off.
  server.on('error', (e: Error & { code?: string }) => {
    if (e.code !== 'ECONNRESET' && e.code !== 'EPIPE') throw e;
  });
  const port = await listenInRange(server, 3300, 3349);
  let seen = 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    connections: () => connections,
    next: () => (messages.length > seen ? Promise.resolve(messages[seen++]!) : new Promise((r) => waiting.push((m) => (seen++, r(m))))),
    stop: () => new Promise((r) => server.close(() => r())),
  };
}

async function listenInRange(server: SMTPServer, from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

/** Just enough MIME to read what nodemailer sends: headers, multipart/alternative, quoted-printable, base64. */
export function parseMime(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = split(raw);
  const out = { subject: headers.subject ?? '', text: '', html: '' };
  const visit = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const p = split(part.replace(/^\r?\n/, ''));
        visit(p.headers, p.body);
      }
      return;
    }
    const decoded = decode(b, (h['content-transfer-encoding'] ?? '7bit').toLowerCase());
    if (type.startsWith('text/html')) out.html = decoded;
    else if (type.startsWith('text/plain')) out.text = decoded;
  };
  visit(headers, body);
  return out;
}

function split(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decode(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const text = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? /^[0-9A-F]{2}$/i.exec(text.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
