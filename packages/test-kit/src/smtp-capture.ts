import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** The envelope's recipients, lower-case: whom the mail was delivered to. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the mail, each once: those of the plain text first, then the HTML's `href`s. */
  links: string[];
  /** When the capture received it (ISO 8601). */
  receivedAt: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, for the app's SMTP_URL. */
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Mail received for this address so far (case-insensitive). */
  to(address: string): CapturedMail[];
  /** The first link matching `pattern` of the newest mail to this address. */
  link(address: string, pattern: RegExp): string;
  clear(): void;
  close(): Promise<void>;
}

export interface SmtpCaptureOptions {
  /**
   * A folder to write each message into as well, as `<time>-<n>.json`: for readers in other processes (the
   * end-to-end specs' workers). A file appears whole, never half written.
   */
  dir?: string;
}

/** The http(s) links of a mail, each once: those of the plain text first, then the HTML's `href`s. */
function mailLinks(mail: Pick<Email, 'text' | 'html'>): string[] {
  const hrefs = [...(mail.html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const found = [...(mail.text?.match(/https?:\/\/[^\s<>"')]+/g) ?? []), ...hrefs.filter((h) => /^https?:/.test(h))];
  return [...new Set(found)];
}

/** A real SMTP server on a free loopback port that accepts every message and keeps it, parsed. */
export async function startSmtpCapture({ dir }: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  if (dir) mkdirSync(dir, { recursive: true });
  const messages: CapturedMail[] = [];
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            const mail: CapturedMail = {
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              links: mailLinks(email),
              receivedAt: new Date().toISOString(),
            };
            messages.push(mail);
            count += 1;
            if (dir) {
              const file = path.join(dir, `${Date.now()}-${count}.json`);
              writeFileSync(`${file}.part`, JSON.stringify(mail));
              renameSync(`${file}.part`, file);
            }
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const to = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    to,
    link(address, pattern) {
      const link = to(address)
        .at(-1)
        ?.links.find((l) => pattern.test(l));
      if (!link) throw new Error(`no mail to ${address} with a link matching ${pattern}`);
      return link;
    },
    clear: () => void messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
