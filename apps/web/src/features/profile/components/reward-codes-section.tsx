import { PAGING } from '@bastion/contract';
import Redeem from '@mui/icons-material/Redeem';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CodeRedeemForm } from '@/components/code-redeem-form.tsx';
import { useRedeemRewardCode, type RedeemOutcome } from '../api/redeem-reward-code.ts';
import { useRewardHistory } from '../api/get-reward-history.ts';
import { LedgerList } from './ledger-list.tsx';
import { PagedView } from './paged-view.tsx';
import { ProfileSection } from './profile-section.tsx';

function RedeemForm() {
  const [outcome, setOutcome] = useState<RedeemOutcome | null>(null);
  const redeem = useRedeemRewardCode(setOutcome);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <CodeRedeemForm
        fieldLabel="Reward code"
        submitLabel="Redeem"
        icon={<Redeem />}
        redeem={redeem}
        outcome={outcome}
        onDismiss={() => setOutcome(null)}
      />
    </Paper>
  );
}

function RewardHistory() {
  const [page, setPage] = useState<number>(PAGING.defaultPage);
  const history = useRewardHistory(page);
  return (
    <Box>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Redeemed codes
      </Typography>
      <PagedView
        query={history}
        page={page}
        onPageChange={setPage}
        what="your redeemed codes"
        empty="You have not redeemed a reward code yet."
      >
        {(items) => (
          <LedgerList
            label="Redeemed codes"
            entries={items.map((item) => ({
              key: `${item.code}-${item.redeemed_at}`,
              label: (
                <>
                  <Box component="span" sx={{ fontFamily: 'monospace' }}>
                    {item.code}
                  </Box>
                  {item.premium_days !== undefined && ` · ${item.premium_days} days of Premium`}
                </>
              ),
              points: item.points,
              at: item.redeemed_at,
            }))}
          />
        )}
      </PagedView>
    </Box>
  );
}

/** R8 reward codes: redeem one for points, and the codes redeemed so far. */
export function RewardCodesSection() {
  return (
    <ProfileSection title="Reward codes" description="Got a code from an event or a newsletter? Redeem it for points.">
      <Box sx={{ display: 'grid', gap: 3 }}>
        <RedeemForm />
        <RewardHistory />
      </Box>
    </ProfileSection>
  );
}
