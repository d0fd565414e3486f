import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { SECURITY_SECTION_ID } from '../lib/security-anchor.ts';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

// Decision 0100: the QR code is an image, recovery codes live only in component state and are shown once.
/**
 * How the account is protected: two-factor sign-in and the signed-in sessions. When the address names it,
 * it is scrolled to and its first heading focused (on each arrival).
 */
export function SecuritySection() {
  const { hash, key } = useLocation();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (hash !== `#${SECURITY_SECTION_ID}`) return;
    ref.current?.scrollIntoView?.({ block: 'start' });
    ref.current?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
    // Each arrival (a new location key) counts, even at the same address.
  }, [hash, key]);

  return (
    <Stack spacing={3} id={SECURITY_SECTION_ID} ref={ref} sx={{ scrollMarginTop: 88 }}>
      <TwoFactorCard />
      <SessionsCard />
    </Stack>
  );
}
