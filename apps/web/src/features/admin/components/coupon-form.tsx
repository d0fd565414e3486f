import type { CreateCouponBody } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { apiErrorBody } from '@/lib/api-client.ts';
import { fieldErrors, unplacedErrorText } from '@/lib/field-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useCreateCoupon } from '../api/change-coupons.ts';
import { couponRules, expiresField, giveFields, PremiumOnlyBox } from './coupon-rules.tsx';
import { EitherOr } from './either-or.tsx';
import { useFormFields, whole } from './form-fields.tsx';

const FIELDS = ['code', 'points', 'premium_days', 'required_points', 'expires', 'max_uses', 'users'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = {
  code: '',
  points: '',
  premium_days: '30',
  required_points: '',
  expires: '',
  max_uses: '',
  users: '',
};

/** The CLI's `coupon create` as a form; the server judges every rule and says what is wrong. */
export function CouponForm() {
  const create = useCreateCoupon();
  const snackbar = useSnackbar();
  const [upgrade, setUpgrade] = useState(false);
  const [premiumOnly, setPremiumOnly] = useState(false);
  const body = apiErrorBody(create.error);
  const errors = fieldErrors(body, FIELDS);
  const banner = create.isError ? (unplacedErrorText(body, FIELDS) ?? 'Check the fields marked below.') : null;
  const { values, field, reset } = useFormFields(EMPTY, errors);

  function submit(event: FormEvent) {
    event.preventDefault();
    const request: CreateCouponBody = {
      code: values.code,
      max_uses: whole(values.max_uses),
      ...couponRules(values, upgrade, premiumOnly),
      users: values.users.split(/[\s,]+/).filter(Boolean),
    };
    create.mutate(request, {
      onSuccess: (coupon) => {
        snackbar.show(`Code ${coupon.code} created.`, 'success');
        reset();
        create.reset();
      },
    });
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="New code" sx={{ display: 'grid', gap: 2 }}>
      {banner && <Alert severity="error">{banner}</Alert>}
      <EitherOr
        label="Kind of code"
        options={['Reward code (points)', 'Upgrade code (Premium days)']}
        value={upgrade}
        onChange={setUpgrade}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {field('code', 'Code', { required: true, helperText: '3 to 32 letters, digits, - or _; stored upper-case' })}
        {giveFields(field, upgrade)}
        {field('max_uses', 'Uses in total', { inputMode: 'numeric', helperText: 'Blank: no limit' })}
        {expiresField(field)}
        {field('users', 'Only for these learners', { helperText: 'Usernames, separated by commas; blank: anyone' })}
      </Box>
      <PremiumOnlyBox checked={premiumOnly} onChange={setPremiumOnly} />
      <Box>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Create code
        </Button>
      </Box>
    </Box>
  );
}
