import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import type { CapturedMail } from '@bastion/test-kit';

/**
 * Waits for the newest message to `address` received after `since`, as the global setup's SMTP capture wrote it into
 * the mail folder.
 */
export async function waitForMail(
  address: string,
  { timeoutMs = 20_000, since = new Date(0) }: { timeoutMs?: number; since?: Date } = {},
): Promise<CapturedMail> {
  const dir = inject('mailDir');
  const wanted = address.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(dir))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CapturedMail;
      if (mail.to.includes(wanted) && new Date(mail.receivedAt) >= since) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${address} arrived within ${timeoutMs / 1000} s.`);
}
