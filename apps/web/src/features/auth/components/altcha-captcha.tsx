import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';

interface AltchaCaptchaProps {
  challengeUrl: string;
  onToken(token: string | null): void;
}

/** The widget's height once its code has loaded: kept from the start, so the form below it does not move. */
export const ALTCHA_HEIGHT_PX = 48;

/** Widget options: the logo link trips axe's aria-hidden-focus rule, and the attribution footer is not needed. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideLogo: true, hideFooter: true });

interface AltchaStateDetail {
  state?: string;
  payload?: string;
}

/**
 * Where the widget goes while what it needs loads, as tall as the widget so that nothing moves when it comes. The
 * spinner only rotates (no growing arc), which runs off the main thread: a page waiting for its app stays idle.
 */
export function CaptchaLoading() {
  return (
    <Box sx={{ minHeight: ALTCHA_HEIGHT_PX, display: 'flex', alignItems: 'center' }}>
      <CircularProgress size={28} disableShrink aria-label="Loading the verification" />
    </Box>
  );
}

const widgetDefined = () => typeof customElements !== 'undefined' && customElements.get('altcha-widget') !== undefined;

/**
 * The self-hosted ALTCHA proof of work (R12). Its solved payload is the sign-in `recaptchaToken`;
 * any other state (verifying, expired after 5 minutes, error) means no token. The widget's code is loaded
 * only with this screen, a spinner standing in until it has. Remount it (change its `key`) for a fresh
 * challenge: each solution is accepted once.
 */
export function AltchaCaptcha({ challengeUrl, onToken }: AltchaCaptchaProps) {
  const ref = useRef<HTMLElement>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  const [loaded, setLoaded] = useState(widgetDefined);
  useEffect(() => {
    let mounted = true;
    void import('altcha').then(() => {
      if (mounted) setLoaded(true);
    });
    return () => {
      mounted = false;
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<AltchaStateDetail>).detail;
      onTokenRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, []);

  return (
    <Box sx={{ minHeight: ALTCHA_HEIGHT_PX }}>
      {!loaded && <CaptchaLoading />}
      <altcha-widget ref={ref} challenge={challengeUrl} name="recaptchaToken" configuration={WIDGET_CONFIGURATION} />
    </Box>
  );
}
