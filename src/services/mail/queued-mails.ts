import type { MailMessage } from './mail.port';
import type { QueuedNotice, RenderMail } from './mail-queue';
import { withdrawalRequestedMail } from './security-mails';
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
    if (kind === 'notice') {
      const n = data as QueuedNotice;
      return noticeMail(site, to, { subject: n.subject, heading: n.heading, paragraphs: n.paragraphs, ...(n.action && { action: { label: n.action.label, url: publicUrl + n.action.path } }) });
    }
    if (kind === 'withdrawal-requested')
      return withdrawalRequestedMail(site, to, { amount: String(data.amount), currency: String(data.currency), destination: String(data.destination), at: Number(data.at) });
    throw new Error(`no template for queued mail ${kind}`);
  };
}
