import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';

interface SuccessHeadingProps {
  id: string;
  /** Focused when the success state appears, so screen readers announce it. */
  headingRef?: Ref<HTMLHeadingElement>;
  iconSize: number;
  children: ReactNode;
}

/** A success state's trophy and its focusable heading ("Module complete!"). */
export function SuccessHeading({ id, headingRef, iconSize, children }: SuccessHeadingProps) {
  return (
    <>
      <EmojiEvents aria-hidden sx={{ fontSize: iconSize, color: 'points' }} />
      <Typography id={id} ref={headingRef} tabIndex={-1} variant="h4" component="h2" sx={{ mt: 1, outline: 'none' }}>
        {children}
      </Typography>
    </>
  );
}

/** A success state's buttons: stacked on phones, one centred row from the sm breakpoint. */
export function SuccessActions({ children, mt = 0 }: { children: ReactNode; mt?: number }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ justifyContent: 'center', flexWrap: 'wrap', mt }}
    >
      {children}
    </Stack>
  );
}
