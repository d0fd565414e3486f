import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { alpha, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface StatPillProps {
  /** Read by screen readers and shown as the tooltip; the figure itself is hidden from them. */
  label: string;
  icon: ReactNode;
  value: string;
  color(theme: Theme): string;
  /** A paler pill for a figure that is still zero. */
  quiet?: boolean;
  /** The blur radius of a glow in px, for the higher streak tiers. */
  glow?: number;
  className?: string;
  tier?: string;
}

/** A figure in the top bar (points, streak): an icon and a number in a rounded pill of one colour. */
export function StatPill({ label, icon, value, color, quiet = false, glow, className, tier }: StatPillProps) {
  return (
    <Tooltip title={label}>
      <Box
        role="img"
        aria-label={label}
        data-tier={tier}
        className={className}
        sx={(theme) => {
          const tone = color(theme);
          return {
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            px: 1,
            py: 0.5,
            borderRadius: 999,
            fontWeight: 700,
            fontSize: '0.875rem',
            fontVariantNumeric: 'tabular-nums',
            color: tone,
            border: `1px solid ${alpha(tone, quiet ? 0.3 : 0.45)}`,
            bgcolor: alpha(tone, quiet ? 0.04 : 0.1),
            ...(glow && { boxShadow: `0 0 ${glow}px ${alpha(tone, glow > 8 ? 0.45 : 0.3)}` }),
          };
        }}
      >
        {icon}
        <span aria-hidden="true">{value}</span>
      </Box>
    </Tooltip>
  );
}
