import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

/** A panel's heading that takes focus when the panel appears, so keyboard and screen-reader users land on it. */
export function ArrivalHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Typography id={id} variant="h6" component="h3" ref={ref} tabIndex={-1} sx={{ outline: 'none' }}>
      {children}
    </Typography>
  );
}
