import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { CouponRedemptionRow, CouponSummary } from '@bastion/contract';
import { useId } from 'react';
import { LoadError, LoadingBlock } from '@/components/query-states.tsx';
import { formatDateTime } from '@/lib/format-time.ts';
import { useCouponRedemptions } from '../api/get-coupon-redemptions.ts';
import { DataTable, type Column } from './data-table.tsx';
import { LearnerLink } from './learner-link.tsx';

const COLUMNS: Column<CouponRedemptionRow>[] = [
  {
    key: 'who',
    label: 'Learner',
    render: (row) => <LearnerLink id={row.user_id} username={row.username} />,
  },
  { key: 'points', label: 'Points', render: (row) => row.points, nowrap: true },
  { key: 'when', label: 'Redeemed', render: (row) => formatDateTime(row.redeemed_at), nowrap: true },
];

/** Who redeemed a code. */
export function RedeemersDialog({ coupon, onClose }: { coupon: CouponSummary | null; onClose(): void }) {
  const titleId = useId();
  const redemptions = useCouponRedemptions(coupon?.id ?? null);
  return (
    <Dialog open={coupon !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Who redeemed {coupon?.code}</DialogTitle>
      <DialogContent>
        {redemptions.isPending ? (
          <LoadingBlock label="Loading redemptions…" />
        ) : redemptions.isError ? (
          <LoadError
            title="Redemptions could not be loaded."
            error={redemptions.error}
            onRetry={() => void redemptions.refetch()}
          />
        ) : redemptions.data.length === 0 ? (
          <Typography>Nobody has redeemed it yet.</Typography>
        ) : (
          <DataTable caption="Redemptions" columns={COLUMNS} rows={redemptions.data} rowKey={(row) => row.user_id} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
