import type { MailMessage } from '../mail/mail.queue.ts';

interface Recipient {
  email: string;
  firstName: string;
  username: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `facts`: label and value pairs listed under the intro (a sign-in's device, IP address and time). */
function mail(
  to: Recipient,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
  facts: [string, string][] = [],
): MailMessage {
  const greeting = `Hello ${to.firstName || to.username},`;
  const factText = facts.map(([label, value]) => `${label}: ${value}\n`).join('');
  const factHtml = facts.length
    ? `<ul>${facts.map(([label, value]) => `<li>${escapeHtml(label)}: ${escapeHtml(value)}</li>`).join('')}</ul>`
    : '';
  return {
    to: to.email,
    subject,
    text: `${greeting}\n\n${intro}\n\n${factText ? `${factText}\n` : ''}${action}:\n${link}\n\n${outro}\n\n— Bastion\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>${factHtml}` +
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

export interface SignInFacts {
  device: string;
  ip: string | null;
  at: Date;
}

export function newSignInMail(to: Recipient, signIn: SignInFacts, reviewLink: string): MailMessage {
  return mail(
    to,
    'New sign-in to your Bastion account',
    'Your Bastion account was just signed in to from a device it has not used in the last 90 days.',
    'Review your signed-in sessions',
    reviewLink,
    'If this was you, there is nothing to do. If it was not, sign that session out, change your password and turn on two-factor sign-in.',
    [
      ['Device', signIn.device],
      ['IP address', signIn.ip ?? 'unknown'],
      ['Time', utcMinute(signIn.at)],
    ],
  );
}

const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A change to an account's two-factor sign-in that its owner is told about, whoever made it. */
export type TwoFactorChange = 'turned-on' | 'turned-off' | 'recovery-codes-replaced' | 'reset-by-operator';

const TWO_FACTOR_CHANGE_TEXTS: Record<
  TwoFactorChange,
  { subject: string; intro: string; outro: (support: string) => string }
> = {
  'turned-on': {
    subject: 'Two-factor sign-in is now on for your Bastion account',
    intro:
      'Two-factor sign-in was just turned on for your Bastion account: signing in now asks for a code from an authenticator app after your password.',
    outro: (support) =>
      `If this was you, keep your recovery codes somewhere safe. If it was not, someone else holds the authenticator of your account: write to ${support} at once so that the operator can turn it off and sign out every session.`,
  },
  'turned-off': {
    subject: 'Two-factor sign-in is now off for your Bastion account',
    intro:
      'Two-factor sign-in was just turned off for your Bastion account: signing in now asks only for your password.',
    outro: () =>
      'If this was you, there is nothing to do. If it was not, change your password now, sign out the sessions you do not know and turn two-factor sign-in on again.',
  },
  'recovery-codes-replaced': {
    subject: 'New recovery codes for your Bastion account',
    intro: 'New two-factor recovery codes were just made for your Bastion account; the earlier ones no longer work.',
    outro: (support) =>
      `If this was you, keep the new codes somewhere safe. If it was not, change your password now and write to ${support}.`,
  },
  'reset-by-operator': {
    subject: 'Two-factor sign-in was reset on your Bastion account',
    intro:
      'The operator of Bastion turned off two-factor sign-in for your account, removed its recovery codes and signed out every session.',
    outro: (support) =>
      `Sign in with your password, then turn two-factor sign-in on again in your security settings. If you did not ask for this, change your password and write to ${support}.`,
  },
};

/** Tells the owner that two-factor sign-in was turned on or off, or its recovery codes replaced. */
export function twoFactorChangedMail(
  to: Recipient,
  change: TwoFactorChange,
  facts: { at: Date; supportEmail: string },
  settingsLink: string,
): MailMessage {
  const texts = TWO_FACTOR_CHANGE_TEXTS[change];
  return mail(
    to,
    texts.subject,
    texts.intro,
    'Review your security settings',
    settingsLink,
    texts.outro(facts.supportEmail),
    [['Time', utcMinute(facts.at)]],
  );
}

export function accountLockedMail(to: Recipient, link: string): MailMessage {
  return mail(
    to,
    'Signing in to your Bastion account is paused',
    'Someone entered many wrong passwords or sign-in codes for your Bastion account, so signing in to it is paused for up to an hour, from everywhere.',
    'Unlock my account',
    link,
    'The link is valid for 1 hour and works once. If those attempts were not yours, your password may be known to someone else: change it and turn on two-factor sign-in.',
  );
}

/**
 * Sent to the owner of an address someone tried to sign up with: the sign-up answered as for a new address, so
 * only the owner learns that the address has an account.
 */
export function signupAttemptMail(to: Recipient, links: { signIn: string; reset: string }): MailMessage {
  const greeting = `Hello ${to.firstName || to.username},`;
  const intro =
    'Someone just tried to create a Bastion account with this email address, which already has one. No second account was made, and yours is unchanged.';
  const ifYou = `If it was you: sign in as ${to.username}, or choose a new password if you have forgotten it.`;
  const outro = 'If it was not you, you can ignore this message.';
  return {
    to: to.email,
    subject: 'Someone tried to sign up with your email address',
    text:
      `${greeting}\n\n${intro}\n\n${ifYou}\n\nSign in:\n${links.signIn}\n\n` +
      `Reset your password:\n${links.reset}\n\n${outro}\n\n— Bastion\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(ifYou)}</p>` +
      `<p><a href="${escapeHtml(links.signIn)}">Sign in</a> · ` +
      `<a href="${escapeHtml(links.reset)}">Reset your password</a></p>` +
      `<p>${escapeHtml(outro)}</p><p>— Bastion</p>`,
  };
}
