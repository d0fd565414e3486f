import type { MailMessage } from '../mail/mail.queue.ts';

interface Recipient {
  email: string;
  firstName: string;
  username: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function mail(to: Recipient, subject: string, intro: string, action: string, link: string, outro: string): MailMessage {
  const greeting = `Hello ${to.firstName || to.username},`;
  return {
    to: to.email,
    subject,
    text: `${greeting}\n\n${intro}\n\n${action}:\n${link}\n\n${outro}\n\n— Bastion\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
      `<p>Or paste this address into your browser:<br>${escapeHtml(link)}</p>` +
      `<p>${escapeHtml(outro)}</p><p>— Bastion</p>`,
  };
}

export function verificationMail(to: Recipient, link: string): MailMessage {
  return mail(
    to,
    'Verify your Bastion account',
    'Welcome to Bastion! Please confirm your email address to activate your account.',
    'Verify my email address',
    link,
    'The link is valid for 3 days. If you did not create this account, you can ignore this message.',
  );
}

export function passwordResetMail(to: Recipient, link: string): MailMessage {
  return mail(
    to,
    'Reset your Bastion password',
    'Someone (hopefully you) asked to reset the password of your Bastion account.',
    'Choose a new password',
    link,
    'The link is valid for 1 hour and works once. If you did not ask for it, you can ignore this message: your password stays the same.',
  );
}
