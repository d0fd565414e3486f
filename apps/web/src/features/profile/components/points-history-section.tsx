import { PAGING } from '@bastion/contract';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-time.ts';
import { usePointsHistory } from '../api/get-points-history.ts';
import { formatDay, signedPoints } from '../lib/format.ts';
import { PagedView } from './paged-view.tsx';
import { ProfileSection } from './profile-section.tsx';

/** Contract §5: the points ledger, newest first: what earned them, how many, when. */
export function PointsHistorySection() {
  const [page, setPage] = useState<number>(PAGING.defaultPage);
  const history = usePointsHistory(page);
  return (
    <ProfileSection title="Points history">
      <PagedView
        query={history}
        page={page}
        onPageChange={setPage}
        what="your points history"
        empty="No points yet. Complete a lesson to earn your first."
      >
        {(items) => (
          <Paper variant="outlined">
            <List aria-label="Points history" disablePadding>
              {items.map((item, index) => (
                <ListItem
                  key={item.id}
                  divider={index < items.length - 1}
                  secondaryAction={
                    <Typography sx={{ fontWeight: 700, color: item.points >= 0 ? 'success.main' : 'error.main' }}>
                      {signedPoints(item.points)}
                    </Typography>
                  }
                >
                  <ListItemText
                    primary={item.reason}
                    secondary={
                      <time dateTime={item.created_at} title={formatDateTime(item.created_at) ?? undefined}>
                        {formatDay(item.created_at)}
                      </time>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </PagedView>
    </ProfileSection>
  );
}
