import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_MESSAGES, MESSAGES } from '@bastion/contract';
import { contactMessages, mailOutbox } from '@bastion/db';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import type { MailTransport, OutgoingMail } from '../mail/mail.transport.ts';
import { listContactMessages } from './engagement.repository.ts';

class CapturingTransport implements MailTransport {
  sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail) {
    this.sent.push(mail);
  }
  close() {}
}

let ctx: TestContext;
const transport = new CapturingTransport();
beforeAll(async () => {
  ctx = await createTestApp({
    env: { RATE_LIMIT_CONTACT_IP: '2/1h', SUPPORT_EMAIL: 'help@bastion.test' },
    mailTransport: transport,
  });
});
afterAll(() => ctx.close());

const URL = '/api/contactus/';
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: 'grace@example.test',
  subject: 'Question about premium',
  message: 'Do you offer team plans?',
  ...overrides,
});

const send = (payload: unknown, ip: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: URL, payload: payload as object, remoteAddress: ip, headers });

describe('POST /api/contactus/', () => {
  it('stores the message with the IP and mails it to the support address with reply-to', async () => {
    const ip = freshIp();
    const res = await send(message({ name: '  Grace Hopper ', email: ' grace@example.test ' }), ip);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: MESSAGES.contactSent });

    const stored = await ctx.db.select().from(contactMessages).where(eq(contactMessages.ip, ip));
    expect(stored).toMatchObject([
      {
        name: 'Grace Hopper',
        email: 'grace@example.test',
        subject: 'Question about premium',
        message: 'Do you offer team plans?',
      },
    ]);
    const queued = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, 'grace@example.test'));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ to: 'help@bastion.test', subject: 'Contact form: Question about premium' });
    expect(queued[0]!.text).toContain('Do you offer team plans?');
    expect(queued[0]!.text).toContain('Grace Hopper <grace@example.test>');

    await ctx.app.mail.flush();
    const mail = transport.sent.find((sent) => sent.replyTo === 'grace@example.test');
    expect(mail).toMatchObject({ to: 'help@bastion.test', subject: 'Contact form: Question about premium' });
  });

  it('refuses a subject with line breaks (one line only), so no header reaches the mail', async () => {
    const res = await send(
      message({ email: 'crlf@example.test', subject: 'Hi\r\nBcc: victim@example.test' }),
      freshIp(),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ subject: [INPUT_MESSAGES.controlCharacters] });
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, 'crlf@example.test'))).toEqual([]);
  });

  it('needs no sign-in', async () => {
    const res = await send(message(), freshIp(), { authorization: 'Bearer whatever' });
    expect(res.statusCode).toBe(201);
  });

  it('throttles per IP with 429 and Retry-After, other addresses unaffected', async () => {
    const ip = freshIp();
    expect((await send(message(), ip)).statusCode).toBe(201);
    expect((await send(message(), ip)).statusCode).toBe(201);
    const third = await send(message(), ip);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: MESSAGES.throttled });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await ctx.db.select().from(contactMessages).where(eq(contactMessages.ip, ip))).toHaveLength(2);
    expect((await send(message(), freshIp())).statusCode).toBe(201);
  });

  it('answers each invalid field under its name and stores nothing', async () => {
    const ip = freshIp();
    const cases: Array<[unknown, Record<string, unknown>]> = [
      [message({ name: ' ' }), { name: ['This field may not be blank.'] }],
      [message({ email: 'not-an-email' }), { email: ['Enter a valid email address.'] }],
      [message({ subject: '' }), { subject: ['This field may not be blank.'] }],
      [message({ message: '   ' }), { message: ['This field may not be blank.'] }],
      [message({ message: 'm'.repeat(5001) }), { message: expect.any(Array) }],
      [message({ subject: 42 }), { subject: expect.any(Array) }],
      [{ name: 'A', email: 'a@example.test', subject: 'S' }, { message: ['This field is required.'] }],
      [message({ phone: '555' }), { phone: ['Unknown field.'] }],
    ];
    for (const [payload, body] of cases) {
      const res = await send(payload, ip);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(body);
    }
    const raw = await ctx.app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(raw.statusCode).toBe(400);
    expect(await ctx.db.select().from(contactMessages).where(eq(contactMessages.ip, ip))).toEqual([]);
  });
});

describe('listContactMessages', () => {
  it('lists the newest first, up to the limit', async () => {
    ctx.clock.advance(60_000);
    await send(message({ subject: 'older one' }), freshIp());
    ctx.clock.advance(60_000);
    await send(message({ subject: 'newest one' }), freshIp());
    const rows = await listContactMessages(ctx.db, { limit: 2 });
    expect(rows.map((row) => row.subject)).toEqual(['newest one', 'older one']);
    expect(rows[0]).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.test', ip: expect.any(String) });
  });
});
