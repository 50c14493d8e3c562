import { join } from 'node:path';

let sink: { url: string; proc: ReturnType<typeof Bun.spawn> } | null = null;

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
  sink = { url: `smtp://127.0.0.1:${Number(text.trim())}`, proc };
  // The sink must not keep the bench alive once its work is done; it goes when the bench exits.
  proc.unref();
  process.on('exit', () => proc.kill());
  return sink.url;
}
