import type { CSSProperties } from 'react';
import type { ModeTokens } from './tokens.ts';

/** Extra theme fields shared by the whole app: streak tiers, points, terminal colours and the monospace face. */
declare module '@mui/material/styles' {
  interface Palette {
    streak: ModeTokens['streak'];
    points: string;
    terminal: ModeTokens['terminal'];
    heroGlow: string;
    raised: string;
  }
  interface PaletteOptions {
    streak?: ModeTokens['streak'];
    points?: string;
    terminal?: ModeTokens['terminal'];
    heroGlow?: string;
    raised?: string;
  }
  interface TypographyVariants {
    mono: CSSProperties;
    eyebrow: CSSProperties;
  }
  interface TypographyVariantsOptions {
    mono?: CSSProperties;
    eyebrow?: CSSProperties;
  }
}

declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides {
    mono: true;
    eyebrow: true;
  }
}

export {};
