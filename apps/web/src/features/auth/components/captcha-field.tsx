import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MESSAGES } from '@bastion/contract';
import { useState } from 'react';
import { usePublicConfig } from '@/lib/public-config.ts';
import { AltchaCaptcha, CaptchaLoading } from './altcha-captcha.tsx';
import { RecaptchaCaptcha } from './recaptcha-captcha.tsx';

interface CaptchaFieldProps {
  onToken(token: string | null): void;
}

/** The captcha `GET /api/config/` names: ALTCHA (default, self-hosted) or reCAPTCHA. Reports a token or null. */
export function CaptchaField({ onToken }: CaptchaFieldProps) {
  const config = usePublicConfig();
  const [scriptFailed, setScriptFailed] = useState(false);

  if (config.isPending) return <CaptchaLoading />;
  const captcha = config.data?.captcha;
  const usable =
    captcha &&
    ((captcha.provider === 'altcha' && captcha.challenge_url) ||
      (captcha.provider === 'recaptcha' && captcha.site_key));
  if (config.isError || !usable || scriptFailed) {
    return (
      <Alert
        severity="warning"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              setScriptFailed(false);
              void config.refetch();
            }}
          >
            Retry
          </Button>
        }
      >
        {MESSAGES.captchaUnavailable}
      </Alert>
    );
  }
  if (captcha.provider === 'recaptcha') {
    return (
      <RecaptchaCaptcha siteKey={captcha.site_key ?? ''} onToken={onToken} onLoadError={() => setScriptFailed(true)} />
    );
  }
  return <AltchaCaptcha challengeUrl={captcha.challenge_url ?? ''} onToken={onToken} />;
}
