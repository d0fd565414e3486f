import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type TextField from '@mui/material/TextField';
import type { ComponentProps, ReactNode } from 'react';
import { whole } from './form-fields.tsx';

/** The fields of what a code gives and asks, the same for one code and for a batch. */
type RuleField = 'premium_days' | 'points' | 'required_points' | 'expires';
type DrawField = (name: RuleField, label: string, extra?: Partial<ComponentProps<typeof TextField>>) => ReactNode;

/** What a code gives (Premium days for an upgrade code, points) and the points it needs to be redeemed. */
export function giveFields(field: DrawField, upgrade: boolean) {
  return (
    <>
      {upgrade && field('premium_days', 'Premium days', { inputMode: 'numeric' })}
      {field('points', upgrade ? 'Points too (optional)' : 'Points', { inputMode: 'numeric' })}
      {field('required_points', 'Points needed to redeem', { inputMode: 'numeric' })}
    </>
  );
}

export function expiresField(field: DrawField) {
  return field('expires', 'Expires', {
    type: 'date',
    slotProps: { inputLabel: { shrink: true } },
    helperText: 'At the end of that day (UTC)',
  });
}

/** The request's part for those fields and the Premium-only box. */
export function couponRules(values: Record<RuleField, string>, upgrade: boolean, premiumOnly: boolean) {
  return {
    points: whole(values.points),
    premium_days: upgrade ? whole(values.premium_days) : undefined,
    required_points: whole(values.required_points),
    expires: values.expires || undefined,
    premium_only: premiumOnly,
  };
}

export function PremiumOnlyBox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} />}
      label="Premium members only"
    />
  );
}
