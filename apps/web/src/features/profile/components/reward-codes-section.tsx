import { PAGING } from '@bastion/contract';
import Redeem from '@mui/icons-material/Redeem';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useRedeemRewardCode, type RedeemOutcome } from '../api/redeem-reward-code.ts';
import { useRewardHistory } from '../api/get-reward-history.ts';
import { LedgerList } from './ledger-list.tsx';
import { PagedView } from './paged-view.tsx';
import { ProfileSection } from './profile-section.tsx';

function RedeemForm() {
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<RedeemOutcome | null>(null);
  const redeem = useRedeemRewardCode(setOutcome);
  const trimmed = code.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || redeem.isPending) return;
    redeem.mutate(trimmed, { onSuccess: () => setCode('') });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}
      >
        <TextField
          label="Reward code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          size="small"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 64, spellCheck: false, autoCapitalize: 'characters' } }}
          sx={{ flexGrow: 1, width: { xs: '100%', sm: 'auto' } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<Redeem />}
          disabled={!trimmed || redeem.isPending}
          sx={{ flexShrink: 0, minHeight: 40 }}
        >
          {redeem.isPending ? 'Redeeming…' : 'Redeem'}
        </Button>
      </Box>
      {outcome && (
        <Alert severity={outcome.severity} role="alert" sx={{ mt: 2 }} onClose={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
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

/** Spec §8 reward codes: redeem one for points, and the codes redeemed so far. */
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
