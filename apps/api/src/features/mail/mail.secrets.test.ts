import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/fixtures.ts';
import { post } from '../../../test/accounts.ts';
import { startSmtpCapture, type SmtpCapture } from '@bastion/test-kit';

/** The token of a mailed reset link: the last segment of `…/reset-password/<uidb64>/<token>`. */
function resetToken(text: string): string {
  const link = /https?:\/\/\S+\/reset-password\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  const token = new URL(link).pathname.split('/').filter(Boolean).at(-1)!;
  expect(token.length).toBeGreaterThan(16);
  return token;
}

/** Asks for a password reset through the API, delivers it, and returns the recipient. */
async function mailResetLink(ctx: TestContext): Promise<string> {
  const user = await createUser(ctx.db);
  expect((await post(ctx.app, '/api/users/password-reset/', { email: user.email })).statusCode).toBe(200);
  expect(await ctx.app.mail.flush()).toBe(1);
  return user.email;
}

async function expectNoTokenLeft(ctx: TestContext, to: string, token: string) {
  const logs = ctx.logs.join('');
  expect(logs.length).toBeGreaterThan(0);
  expect(logs).not.toContain(token);
  expect(logs).not.toContain('/reset-password/');
  const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  expect(row).toMatchObject({ status: 'sent', subject: 'Reset your Bastion password', text: '', html: null });
  expect(JSON.stringify(row)).not.toContain(token);
}

describe('a mailed link leaves no live token in the logs or the queue', () => {
  describe('outbox mode (MAIL_TRANSPORT=outbox)', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestApp({ env: { MAIL_TRANSPORT: 'outbox', LOG_LEVEL: 'trace' } });
    });
    afterAll(() => ctx.close());

    it('writes the mail to DATA_DIR/outbox and logs where, not its links', async () => {
      const to = await mailResetLink(ctx);
      const outbox = path.join(ctx.config.dataDir, 'outbox');
      const [file] = await readdir(outbox);
      const mail = await PostalMime.parse(await readFile(path.join(outbox, file!)));
      const token = resetToken(mail.text ?? '');

      await expectNoTokenLeft(ctx, to, token);
      const written = ctx.logs.map((line) => JSON.parse(line)).find((l) => l.msg === 'mail written to the outbox');
      expect(written).toMatchObject({ file: path.join(outbox, file!), toDomain: 'example.test' });
      expect(JSON.stringify(written)).not.toContain(to);
    });
  });

  describe('SMTP mode', () => {
    let ctx: TestContext;
    let smtp: SmtpCapture;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      ctx = await createTestApp({ env: { SMTP_URL: smtp.url, LOG_LEVEL: 'trace' } });
    });
    afterAll(async () => {
      await ctx.close();
      await smtp.close();
    });

    it('sends the mail and logs none of its links', async () => {
      const to = await mailResetLink(ctx);
      const token = resetToken(smtp.to(to).at(-1)!.text);
      await expectNoTokenLeft(ctx, to, token);
    });
  });
});
