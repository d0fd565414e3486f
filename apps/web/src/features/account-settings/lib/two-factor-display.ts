/**
 * The QR code the server drew, as an image address. An `<img>` never runs scripts or loads anything an SVG
 * might name, so the server's markup is shown without ever entering the page's own DOM.
 */
export function svgDataUrl(markup: string): string {
  const bytes = new TextEncoder().encode(markup);
  let binary = '';
  // In slices: spreading a long array into one call can exceed the engine's argument limit.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read out and type into an app by hand. */
export function groupKey(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** The text of the downloaded recovery codes: what they are for, one code per line. */
export function recoveryCodesText(codes: readonly string[], username: string | null, now = new Date()): string {
  const account = username ? ` for ${username}` : '';
  return [
    `Bastion recovery codes${account}`,
    `Created ${now.toISOString().slice(0, 10)}. Each code signs you in once when you cannot use your authenticator app.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

export const RECOVERY_CODES_FILE_NAME = 'bastion-recovery-codes.txt';
