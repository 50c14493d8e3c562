import { join } from 'node:path';

let sink: { url: string; countUrl: string; proc: ReturnType<typeof Bun.spawn> } | null = null;

/** SMTP_URL of a discarding mail server in its own process, started once per bench process. */
export async function smtpSinkUrl(): Promise<string> {
  if (sink) return sink.url;
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'smtp-sink-server.ts')], { stdout: 'pipe', stderr: 'inherit' });
  const reader = proc.stdout.getReader();
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the SMTP sink stopped before it listened');
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const [smtpPort, httpPort] = text.trim().split(/\s+/).map(Number);
  sink = { url: `smtp://127.0.0.1:${smtpPort}`, countUrl: `http://127.0.0.1:${httpPort}/count`, proc };
  // The sink must not keep the bench alive once its work is done; it goes when the bench exits.
  proc.unref();
  process.on('exit', () => proc.kill());
  return sink.url;
}

/** How many messages the sink has taken so far (0 before it started). */
export async function mailsDelivered(): Promise<number> {
  return sink ? Number(await (await fetch(sink.countUrl)).text()) : 0;
}
