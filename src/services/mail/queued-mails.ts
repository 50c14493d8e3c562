import type { MailMessage } from './mail.port';
import type { RenderMail } from './mail-queue';
import { noticeMail, type MailSite } from './templates';

/** The templates of queued mails, by kind: a row holds only the kind and what fills it, the words live here. */
export function renderQueued(site: MailSite, publicUrl: string): RenderMail {
  return (kind, to, data): MailMessage => {
    if (kind === 'p2p-received')
      return noticeMail(site, to, {
        subject: 'You received credits',
        heading: 'Credits received',
        paragraphs: [String(data.content), 'They are in your wallet now, ready to move to a game or send on.'],
        action: { label: 'Open your wallet', url: `${publicUrl}/transactions` },
      });
    throw new Error(`no template for queued mail ${kind}`);
  };
}
