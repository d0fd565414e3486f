import { useEffect, useRef } from 'react';

interface RecaptchaCaptchaProps {
  siteKey: string;
  onToken(token: string | null): void;
  onLoadError(): void;
}

interface Grecaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, parameters: Record<string, unknown>): number;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';
let scriptPromise: Promise<Grecaptcha> | null = null;

function loadRecaptcha(): Promise<Grecaptcha> {
  scriptPromise ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('reCAPTCHA did not load.'));
    };
    script.onerror = () => {
      scriptPromise = null;
      script.remove();
      reject(new Error('reCAPTCHA did not load.'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

/** Google reCAPTCHA v2 checkbox, used when the operator configures `CAPTCHA_PROVIDER=recaptcha`. Remount for a fresh one. */
export function RecaptchaCaptcha({ siteKey, onToken, onLoadError }: RecaptchaCaptchaProps) {
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onToken, onLoadError });
  useEffect(() => {
    callbacks.current = { onToken, onLoadError };
  }, [onToken, onLoadError]);

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha()
      .then((grecaptcha) => {
        if (cancelled || !container.current) return;
        const target = document.createElement('div');
        container.current.replaceChildren(target);
        grecaptcha.render(target, {
          sitekey: siteKey,
          callback: (token: string) => callbacks.current.onToken(token),
          'expired-callback': () => callbacks.current.onToken(null),
          'error-callback': () => callbacks.current.onToken(null),
        });
      })
      .catch(() => {
        if (!cancelled) callbacks.current.onLoadError();
      });
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  return <div ref={container} />;
}
