import type { CouponSummary } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader, pageContainerSx } from '@/components/page-header.tsx';
import { apiErrorText } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format-time.ts';
import { useSnackbar } from '@/lib/snackbar.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { useDisableCoupon } from '../api/change-coupons.ts';
import { COUPONS_PAGE_SIZE, useCoupons } from '../api/get-coupons.ts';
import { ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { CouponBatchForm } from '../components/coupon-batch-form.tsx';
import { CouponForm } from '../components/coupon-form.tsx';
import type { Column } from '../components/data-table.tsx';
import { FormAndList } from '../components/form-and-list.tsx';
import { EitherOr } from '../components/either-or.tsx';
import { RedeemersDialog } from '../components/redeemers-dialog.tsx';

function reward(coupon: CouponSummary): string {
  const parts = [
    coupon.premium_days > 0 && `${coupon.premium_days} days of Premium`,
    coupon.points > 0 && `${coupon.points} points`,
  ].filter(Boolean);
  return parts.join(' and ');
}

function rules(coupon: CouponSummary): string {
  const parts = [
    coupon.required_points > 0 && `needs ${coupon.required_points} points`,
    coupon.premium_only && 'Premium members only',
    coupon.users && `only ${coupon.users.join(', ')}`,
    coupon.expires_at && `expires ${formatDateTime(coupon.expires_at)}`,
  ].filter(Boolean);
  return parts.join('; ') || 'Anyone, no expiry';
}

/** /admin/codes: reward and upgrade codes, created with the CLI's rules, with their uses and redeemers. */
export function AdminCodesPage() {
  usePageTitle('Codes');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const coupons = useCoupons(page);
  const disable = useDisableCoupon();
  const snackbar = useSnackbar();
  const [redeemers, setRedeemers] = useState<CouponSummary | null>(null);
  const [disabling, setDisabling] = useState<CouponSummary | null>(null);
  const [many, setMany] = useState(false);

  const columns: Column<CouponSummary>[] = [
    { key: 'code', label: 'Code', render: (coupon) => <strong>{coupon.code}</strong>, nowrap: true },
    { key: 'reward', label: 'Gives', render: reward },
    {
      key: 'uses',
      label: 'Uses',
      render: (coupon) => `${coupon.uses} of ${coupon.max_uses ?? 'unlimited'}`,
      nowrap: true,
    },
    { key: 'rules', label: 'Rules', render: rules },
    {
      key: 'state',
      label: 'State',
      render: (coupon) => (coupon.disabled_at ? `Disabled ${formatDateTime(coupon.disabled_at)}` : 'Active'),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (coupon) => (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" onClick={() => setRedeemers(coupon)} aria-label={`Who redeemed ${coupon.code}`}>
            Redeemers
          </Button>
          {!coupon.disabled_at && (
            <Button
              size="small"
              color="warning"
              onClick={() => setDisabling(coupon)}
              aria-label={`Disable ${coupon.code}`}
            >
              Disable
            </Button>
          )}
        </Box>
      ),
    },
  ];

  return (
    <Container maxWidth="xl" sx={pageContainerSx}>
      <PageHeader eyebrow="Console" title="Reward and upgrade codes">
        A reward code gives points; an upgrade code gives days of Premium. Each is redeemed once per learner. Codes made
        many at once are single-use: one per learner of a class or an event.
      </PageHeader>
      <FormAndList
        formTitle="New codes"
        form={
          <Box sx={{ display: 'grid', gap: 2 }}>
            <EitherOr
              label="How many"
              options={['One code', 'Many single-use codes']}
              value={many}
              onChange={setMany}
            />
            {many ? <CouponBatchForm /> : <CouponForm />}
          </Box>
        }
        listTitle="Codes"
        query={coupons}
        caption="Codes"
        noun={['code', 'codes']}
        empty={{ title: 'No codes yet', text: 'Codes you create appear here with their uses.' }}
        columns={columns}
        rowKey={(coupon) => coupon.id}
        page={page}
        pageSize={COUPONS_PAGE_SIZE}
        onPage={(value) => setParams({ page: String(value) })}
      />
      <RedeemersDialog coupon={redeemers} onClose={() => setRedeemers(null)} />
      <ConfirmDialog
        open={disabling !== null}
        title={`Disable ${disabling?.code ?? ''}?`}
        text="Learners who try it afterwards are told it does not exist. This cannot be undone."
        confirmLabel="Disable"
        onConfirm={() =>
          disabling &&
          disable.mutate(disabling.id, {
            onSuccess: (coupon) => snackbar.show(`Code ${coupon.code} disabled.`, 'success'),
            onError: (error) => snackbar.show(apiErrorText(error), 'error'),
          })
        }
        onClose={() => setDisabling(null)}
      />
    </Container>
  );
}
