import type { PointsHistoryItem } from '@bastion/contract';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatRelativeTime } from '@/lib/format-time.ts';

/** The newest points earned, with what earned them. */
export function RecentActivity({ items }: { items: PointsHistoryItem[] }) {
  return (
    <Paper variant="outlined">
      {items.length === 0 ? (
        <Typography sx={{ p: 3, color: 'text.secondary' }}>
          No points yet. Complete a lesson to earn your first.
        </Typography>
      ) : (
        <List aria-label="Recent points">
          {items.map((item) => (
            <ListItem
              key={item.id}
              divider
              secondaryAction={
                <Typography sx={{ fontWeight: 700, color: item.points >= 0 ? 'success.main' : 'error.main' }}>
                  {item.points >= 0 ? '+' : ''}
                  {item.points}
                </Typography>
              }
            >
              <ListItemText
                primary={item.reason}
                secondary={
                  <time dateTime={item.created_at} title={formatDateTime(item.created_at) ?? undefined}>
                    {formatRelativeTime(item.created_at)}
                  </time>
                }
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
