import ContentCopy from '@mui/icons-material/ContentCopy';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { SECURITY_MESSAGES } from '../lib/messages.ts';

interface CopyButtonProps extends Omit<ButtonProps, 'onClick'> {
  text: string;
  /** Shown once the text is on the clipboard. */
  copied: string;
}

/** Puts `text` on the clipboard and says so; where the browser refuses, says how to copy by hand. */
export function CopyButton({ text, copied, children, ...props }: CopyButtonProps) {
  const { show } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      show(copied, 'success');
    } catch {
      show(SECURITY_MESSAGES.copyFailed, 'warning');
    }
  };
  return (
    <Button variant="outlined" startIcon={<ContentCopy />} {...props} onClick={() => void copy()}>
      {children}
    </Button>
  );
}
