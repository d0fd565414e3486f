import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

/**
 * A local SMTP server that accepts every message and writes it, parsed, as JSON into `dir`,
 * where the test workers read it (they run in other processes).
 */
export async function startSmtpCapture(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
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
              receivedAt: new Date().toISOString(),
            };
            count += 1;
            // Written beside its name, then renamed: a spec polling the folder never reads half a message.
            const file = path.join(dir, `${Date.now()}-${count}.json`);
            writeFileSync(`${file}.part`, JSON.stringify(mail));
            renameSync(`${file}.part`, file);
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
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
