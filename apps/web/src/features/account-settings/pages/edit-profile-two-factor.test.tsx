import { MESSAGES } from '@bastion/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { axeViolations } from '@test/axe.ts';
import { RECOVERY_CODES } from '@test/features/account-settings/fixtures.ts';
import { renderEditProfile, serveProfile } from '@test/features/account-settings/render.tsx';
import { GOOD_CODE, PASSWORD, SETUP, serveTwoFactor } from '@test/features/account-settings/security-server.ts';
import { stubObjectUrls } from '@test/object-urls.ts';

function twoFactorCard() {
  return screen.getByRole('region', { name: 'Two-factor sign-in' });
}

/** Turn on, then the password the setup asks for. */
async function startSetup(user: ReturnType<typeof renderEditProfile>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Turn on' }));
  const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
  await user.type(within(dialog).getByLabelText(/^Password/), PASSWORD);
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('EditProfilePage: two-factor sign-in', () => {
  let downloads: { name: string; blob: Blob }[];
  beforeEach(() => {
    downloads = [];
    let blob: Blob | null = null;
    stubObjectUrls((value) => {
      blob = value;
      return 'blob:codes';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (blob) downloads.push({ name: this.download, blob });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('turns on: QR code as an image, the key by hand, a wrong code and password, the codes shown once', async () => {
    serveProfile();
    const server = serveTwoFactor();
    const { user } = renderEditProfile();
    await startSetup(user);

    const heading = await screen.findByRole('heading', { level: 3, name: 'Set up your authenticator app' });
    await waitFor(() => expect(heading).toHaveFocus());
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    const src = qr.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(atob(src.slice('data:image/svg+xml;base64,'.length))).toBe(SETUP.qr_svg);
    // The server's markup never enters the page: no svg of its own, no script.
    expect(twoFactorCard().querySelector('script')).toBeNull();
    expect((window as { qrRan?: boolean }).qrRan).toBeUndefined();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SETUP.secret);
    expect(await screen.findByText('Key copied to the clipboard.')).toBeInTheDocument();

    const field = screen.getByRole('textbox', { name: 'Authentication code' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(field, '12345');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(field).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
    expect(password).toHaveAccessibleDescription('Enter your password.');
    expect(field).toHaveFocus();
    expect(server.calls.map((call) => call.path)).toEqual(['/api/users/2fa/setup/']);

    // Both are needed: the session alone may not turn it on.
    await user.clear(field);
    await user.type(field, GOOD_CODE);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(password).toHaveAccessibleDescription('Enter your password.');
    expect(password).toHaveFocus();
    expect(server.calls.map((call) => call.path)).toEqual(['/api/users/2fa/setup/']);

    await user.type(password, 'not it');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(MESSAGES.wrongCurrentPassword));
    expect(password).toHaveFocus();
    await user.clear(password);
    await user.type(password, PASSWORD);
    expect(password).not.toHaveAccessibleDescription(MESSAGES.wrongCurrentPassword);
    await user.clear(field);
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(MESSAGES.twoFactorInvalidCode));
    await user.clear(field);
    await user.type(field, GOOD_CODE);
    // The snackbar hides itself after a while: watched from before the click, a loaded machine cannot miss it.
    const enabled = screen.findByText(MESSAGES.twoFactorEnabled);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await enabled).toBeInTheDocument();
    const codesHeading = await screen.findByRole('heading', { level: 3, name: 'Save your recovery codes' });
    await waitFor(() => expect(codesHeading).toHaveFocus());
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(RECOVERY_CODES.join('\n'));
    await user.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    expect(downloads.map((download) => download.name)).toEqual(['bastion-recovery-codes.txt']);
    const text = await downloads[0]!.blob.text();
    for (const code of RECOVERY_CODES) expect(text).toContain(`\n${code}\n`);

    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved them' }));
    await user.click(done);

    // Gone for good: the status shows how many are left, never the codes.
    expect(screen.queryByText(RECOVERY_CODES[0]!)).not.toBeInTheDocument();
    expect(await within(twoFactorCard()).findByText(/Recovery codes left:/)).toHaveTextContent(
      'Recovery codes left: 10',
    );
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toHaveFocus());
    expect(server.calls.map((call) => call.body)).toEqual([
      { password: PASSWORD },
      { password: 'not it', code: GOOD_CODE },
      { password: PASSWORD, code: '111111' },
      { password: PASSWORD, code: GOOD_CODE },
    ]);
  });

  it('asks for the password before the setup hands out a key, and shows a wrong one under its field', async () => {
    serveProfile();
    const server = serveTwoFactor();
    const { user } = renderEditProfile();
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const password = within(dialog).getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(password).toHaveAccessibleDescription('Enter your password.');
    expect(server.calls).toEqual([]);

    await user.type(password, 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(MESSAGES.wrongCurrentPassword));
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).not.toBeInTheDocument();

    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.map((call) => call.body)).toEqual([{ password: 'not it' }, { password: PASSWORD }]);
  });

  it('cancelling the setup changes nothing', async () => {
    serveProfile();
    serveTwoFactor();
    const { user } = renderEditProfile();
    await startSetup(user);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).not.toBeInTheDocument();
  });

  it('turns off after the password and a code, shown under their fields when wrong', async () => {
    serveProfile();
    const server = serveTwoFactor({ enabled: true, recovery_codes_left: 7 });
    const { user } = renderEditProfile();
    expect(await screen.findByText(/Recovery codes left:/, undefined)).toHaveTextContent('Recovery codes left: 7');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    const password = within(dialog).getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(password).toHaveAccessibleDescription('Enter your password.');
    const code = within(dialog).getByRole('textbox', { name: 'Authentication code' });
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from your app or a recovery code.');
    expect(server.calls).toEqual([]);

    await user.type(password, 'not it');
    await user.type(code, GOOD_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(MESSAGES.wrongCurrentPassword));

    await user.clear(password);
    await user.type(password, PASSWORD);
    expect(password).not.toHaveAccessibleDescription(MESSAGES.wrongCurrentPassword);
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText(MESSAGES.twoFactorDisabled)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toHaveFocus());
    expect(server.calls.map((call) => call.body)).toEqual([
      { password: 'not it', code: GOOD_CODE },
      { password: PASSWORD, code: GOOD_CODE },
    ]);
  });

  it('makes new recovery codes, shown once, and Escape closes the dialog back onto its button', async () => {
    serveProfile();
    serveTwoFactor({ enabled: true, recovery_codes_left: 2 });
    const { user } = renderEditProfile();
    const button = await screen.findByRole('button', { name: 'New recovery codes' });
    expect(screen.getByText(/make new ones before you run out/)).toBeInTheDocument();

    await user.click(button);
    await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    await user.type(within(dialog).getByLabelText(/^Password/), PASSWORD);
    await user.type(within(dialog).getByRole('textbox', { name: 'Authentication code' }), GOOD_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('4d3c-2b1a');
    expect(screen.getByText('New recovery codes are ready. The old ones no longer work.')).toBeInTheDocument();
  });

  it('tells a staff account that it must turn it on, and offers no way to turn it off once on', async () => {
    serveProfile();
    const server = serveTwoFactor({ required: true });
    const { user } = renderEditProfile();
    expect(await screen.findByText('Your account needs two-factor sign-in', undefined)).toBeInTheDocument();
    await startSetup(user);
    await user.type(await screen.findByRole('textbox', { name: 'Authentication code' }), GOOD_CODE);
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(await screen.findByRole('checkbox', { name: 'I have saved them' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(screen.queryByText('Your account needs two-factor sign-in')).not.toBeInTheDocument();
    expect(server.status.enabled).toBe(true);
  });

  // Three axe runs over the whole settings page, each seconds long in jsdom on a busy machine.
  it('has no axe violations in setup, with the codes, and with the dialog open', { timeout: 45_000 }, async () => {
    serveProfile();
    serveTwoFactor();
    const { user } = renderEditProfile();
    await startSetup(user);
    await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(await axeViolations()).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Authentication code' }), GOOD_CODE);
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'I have saved them' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    expect(await axeViolations()).toEqual([]);
  });
});
