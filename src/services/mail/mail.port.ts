/** One e-mail: both parts are always present so every client can show it. */
export type MailMessage = { to: string; subject: string; text: string; html: string; /** Fixed for a queued mail, so a repeat can be dropped. */ messageId?: string };

export type Mailer = { send(m: MailMessage): Promise<void> };

/** A message as the outbox keeps it, for the development mailbox. */
export type StoredMail = MailMessage & { id: string; sentAt: string };

/** A mailer whose messages can be read back (the embedded outbox). */
export type Mailbox = { list(limit?: number): Promise<StoredMail[]> };
