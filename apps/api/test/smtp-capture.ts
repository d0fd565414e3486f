import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  envelopeTo: string[];
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the plain-text body, in order. */
  links: string[];
  parsed: Email;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, for the app's SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** Mail received for this address so far (case-insensitive). */
  to(address: string): CapturedMail[];
  /** The single link of the newest mail to this address that matches `pattern`. */
  link(address: string, pattern: RegExp): string;
  clear(): void;
  close(): Promise<void>;
}

/** A real SMTP server on a free port, keeping every message it receives. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            const text = parsed.text ?? '';
            messages.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              to: (parsed.to ?? []).map((a) => ('address' in a && a.address ? a.address.toLowerCase() : '')),
              subject: parsed.subject ?? '',
              text,
              html: parsed.html ?? '',
              links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const to = (address: string) => messages.filter((m) => m.envelopeTo.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    link(address, pattern) {
      const mail = to(address).at(-1);
      const link = mail?.links.find((l) => pattern.test(l));
      if (!link) throw new Error(`no mail to ${address} with a link matching ${pattern}`);
      return link;
    },
    clear: () => void messages.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
