import ContentCopy from '@mui/icons-material/ContentCopy';
import LinkedIn from '@mui/icons-material/LinkedIn';
import X from '@mui/icons-material/X';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSnackbar } from '../lib/snackbar.tsx';

export type ShareKind = 'copy' | 'x' | 'linkedin';

interface ShareButtonsProps {
  /** The public address to share. */
  url: string;
  /** The post's text on X. */
  text: string;
  onShare?(kind: ShareKind): void;
}

/**
 * The post for a completion: the title quoted, since titles bring their own article
 * ("ada completed the module “The Shell” on Bastion.", never "the The Shell module").
 */
export function completionShareText(who: string, kind: 'module' | 'course' | 'challenge', title: string): string {
  return `${who} completed the ${kind} “${title}” on Bastion.`;
}

export function shareOnXUrl(url: string, text: string): string {
  return `https://x.com/intent/tweet?${new URLSearchParams({ text, url }).toString()}`;
}

export function shareOnLinkedInUrl(url: string): string {
  return `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url }).toString()}`;
}

/** Copy the link, or share it on X or LinkedIn (new tabs that cannot reach back into this one). */
export function ShareButtons({ url, text, onShare }: ShareButtonsProps) {
  const { show } = useSnackbar();
  const copy = async () => {
    onShare?.('copy');
    try {
      await navigator.clipboard.writeText(url);
      show('Link copied to the clipboard.', 'success');
    } catch {
      show('Could not copy the link. Copy it from the address bar instead.', 'warning');
    }
  };
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
        Copy link
      </Button>
      <Button
        variant="outlined"
        startIcon={<X />}
        component="a"
        href={shareOnXUrl(url, text)}
        {...external}
        aria-label="Share on X (opens in a new tab)"
        onClick={() => onShare?.('x')}
      >
        Share on X
      </Button>
      <Button
        variant="outlined"
        startIcon={<LinkedIn />}
        component="a"
        href={shareOnLinkedInUrl(url)}
        {...external}
        aria-label="Share on LinkedIn (opens in a new tab)"
        onClick={() => onShare?.('linkedin')}
      >
        Share on LinkedIn
      </Button>
    </Stack>
  );
}
