// Decision 0032: production mail needs SMTP or a deliberate outbox; mailed links are never logged.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface OutgoingMail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP, or (MAIL_TRANSPORT=outbox) each mail written as an .eml file to DATA_DIR/outbox/. The log names the
 * file, never the mail's links: they carry live verification and reset tokens.
 */
export function createMailTransport(options: {
  transport: 'smtp' | 'outbox';
  smtpUrl?: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  if (options.transport === 'smtp') {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transporter.sendMail(toMessage(mail));
      },
      close: () => transporter.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transporter.sendMail(toMessage(mail));
      await mkdir(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info({ mailId: mail.id, toDomain: mail.to.split('@').at(-1), file }, 'mail written to the outbox');
    },
    close: () => transporter.close(),
  };
}

function toMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    replyTo: mail.replyTo ?? undefined,
    messageId: `<${mail.id}@bastion>`,
  };
}
