import { COUPON_BATCH_LIMITS, type CouponBatch, type CreateCouponBatchBody } from '@bastion/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { apiErrorBody } from '@/lib/api-client.ts';
import { fieldErrors, unplacedErrorText } from '@/lib/field-errors.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { useCreateCouponBatch } from '../api/change-coupons.ts';
import { downloadCsv, toCsv } from '../lib/csv.ts';
import { CsvExport } from './csv-export.tsx';
import { couponRules, expiresField, giveFields, PremiumOnlyBox } from './coupon-rules.tsx';
import { EitherOr } from './either-or.tsx';
import { useFormFields, whole } from './form-fields.tsx';

const FIELDS = ['count', 'prefix', 'points', 'premium_days', 'required_points', 'expires'] as const;
const EMPTY = { count: '25', prefix: '', points: '', premium_days: '30', required_points: '', expires: '' };

/** The batch as a file to print or mail out: one code a line, with what it gives. */
function saveBatch(batch: CouponBatch): Promise<void> {
  const rows = batch.codes.map((coupon) => [
    coupon.code,
    coupon.premium_days,
    coupon.points,
    coupon.required_points,
    coupon.expires_at,
  ]);
  const first = batch.codes[0]!.code;
  const name = `codes-${first.includes('-') ? `${first.split('-')[0]!.toLowerCase()}-` : ''}${batch.count}.csv`;
  downloadCsv(name, toCsv(['code', 'premium_days', 'points', 'required_points', 'expires_at'], rows));
  return Promise.resolve();
}

/** Many single-use codes with the same rules (a class, an event), then the codes as CSV. */
export function CouponBatchForm() {
  const create = useCreateCouponBatch();
  const snackbar = useSnackbar();
  const [upgrade, setUpgrade] = useState(true);
  const [premiumOnly, setPremiumOnly] = useState(false);
  const [made, setMade] = useState<CouponBatch | null>(null);
  const body = apiErrorBody(create.error);
  const errors = fieldErrors(body, FIELDS);
  const banner = create.isError ? (unplacedErrorText(body, FIELDS) ?? 'Check the fields marked below.') : null;
  const { values, field } = useFormFields(EMPTY, errors);

  function submit(event: FormEvent) {
    event.preventDefault();
    const request: CreateCouponBatchBody = {
      count: whole(values.count) as number,
      prefix: values.prefix || undefined,
      ...couponRules(values, upgrade, premiumOnly),
    };
    setMade(null);
    create.mutate(request, {
      onSuccess: (batch) => {
        snackbar.show(`${batch.count} codes created.`, 'success');
        setMade(batch);
        create.reset();
      },
    });
  }

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Many codes" sx={{ display: 'grid', gap: 2 }}>
      {banner && <Alert severity="error">{banner}</Alert>}
      <EitherOr
        label="Kind of codes"
        options={['Reward codes (points)', 'Upgrade codes (Premium days)']}
        value={upgrade}
        onChange={setUpgrade}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {field('count', 'How many codes', {
          required: true,
          inputMode: 'numeric',
          helperText: `${COUPON_BATCH_LIMITS.min} to ${COUPON_BATCH_LIMITS.max}; each can be redeemed once`,
        })}
        {field('prefix', 'Prefix', {
          helperText: `Optional, up to ${COUPON_BATCH_LIMITS.prefixLength} letters and digits: CLASS7B-…`,
        })}
        {giveFields(field, upgrade)}
        {expiresField(field)}
      </Box>
      <PremiumOnlyBox checked={premiumOnly} onChange={setPremiumOnly} />
      <Box>
        <Button type="submit" variant="contained" disabled={create.isPending}>
          Create codes
        </Button>
      </Box>
      {made && (
        <Alert severity="success" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          {`${made.count} codes created, from ${made.codes[0]!.code}.`}
          <Box sx={{ mt: 1.5 }}>
            <CsvExport download={() => saveBatch(made)} failure="The codes could not be saved.">
              One code a line with what it gives, to hand out. Their creation is in the audit log.
            </CsvExport>
          </Box>
        </Alert>
      )}
    </Box>
  );
}
