/** The operator console's address. */
export const CONSOLE_PATH = '/admin';

/**
 * Where the console sends a staff account that must turn on two-factor sign-in first: Edit profile's security
 * section, told that the console is why (its two-factor card then says so, and links back once it is on).
 */
export const TWO_FACTOR_FOR_CONSOLE = { pathname: '/edit-profile', search: '?for=console', hash: '#security' };

/** Whether Edit profile was opened from the console's "turn on two-factor sign-in first". */
export const isForConsole = (search: string) => new URLSearchParams(search).get('for') === 'console';

/** Whether a path is the console's (it explains its own refusals, so no screen sends its user elsewhere). */
export const isConsolePath = (pathname: string) => pathname === CONSOLE_PATH || pathname.startsWith(`${CONSOLE_PATH}/`);
