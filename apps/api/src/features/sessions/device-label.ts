import Bowser from 'bowser';

interface Device {
  browser: string;
  version: string;
  os: string;
}

function parse(userAgent: string | null): Device {
  // Bowser refuses an empty user agent; a very long one is cut, as the sessions table keeps it.
  const text = userAgent?.trim().slice(0, 512);
  if (!text) return { browser: '', version: '', os: '' };
  const { browser, os } = Bowser.parse(text);
  return { browser: browser.name ?? '', version: browser.version?.split('.')[0] ?? '', os: os.name ?? '' };
}

// Decision 0042: signed-in sessions are labelled, listed and ended as that record says; the label is bowser's.
/** What the learner sees for a session: "Chrome 131 on Linux", "Firefox 140", or "Unknown device". */
export function deviceLabel(userAgent: string | null): string {
  const { browser, version, os } = parse(userAgent);
  if (!browser && !os) return 'Unknown device';
  const name = browser ? [browser, version].filter(Boolean).join(' ') : 'Unknown browser';
  return os ? `${name} on ${os}` : name;
}

/** Browser family and OS, without versions: what has to differ for a sign-in to come from a new device. */
export function deviceFamily(userAgent: string | null): string {
  const { browser, os } = parse(userAgent);
  return `${browser}|${os}`.toLowerCase();
}
