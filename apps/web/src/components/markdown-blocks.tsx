import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ComponentPropsWithoutRef } from 'react';
import type { Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router';
import { mediaUrl } from '../lib/media-url.ts';
import { visuallyHidden } from '../lib/visually-hidden.ts';

/**
 * The pieces every Markdown view of the app renders the same way (lessons, challenge stories, steps and
 * hints): links that stay in the app or open elsewhere in a new tab without access to it, images through
 * the media host, and wide code and tables that scroll sideways and can be reached with the keyboard.
 */
export function MarkdownLink({ href = '', children }: ComponentPropsWithoutRef<'a'>) {
  // react-markdown has already emptied unsafe targets (javascript:, data: …).
  if (!href) return <>{children}</>;
  if (href.startsWith('#')) return <Link href={href}>{children}</Link>;
  if (href.startsWith('/') && !href.startsWith('//') && !/^\/(media|api)\//.test(href)) {
    return (
      <Link component={RouterLink} to={href}>
        {children}
      </Link>
    );
  }
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
      <OpenInNew aria-hidden sx={{ fontSize: '0.85em', ml: 0.25, verticalAlign: '-0.1em' }} />
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </Link>
  );
}

export function MarkdownImage({ src, alt = '' }: ComponentPropsWithoutRef<'img'>) {
  const url = typeof src === 'string' ? mediaUrl(src) : null;
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      loading="lazy"
      sx={{ maxWidth: '100%', height: 'auto', borderRadius: 2 }}
    />
  );
}

export const markdownBlocks: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  pre: ({ children }) => <pre tabIndex={0}>{children}</pre>,
  table: ({ children }) => (
    <Box className="table-scroll" tabIndex={0} role="region" aria-label="Table">
      <table>{children}</table>
    </Box>
  ),
};
