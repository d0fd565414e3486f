import Bolt from '@mui/icons-material/Bolt';
import { StatPill } from './stat-pill.tsx';

const format = new Intl.NumberFormat('en');

/** The learner's total points (R2). */
export function PointsIndicator({ points }: { points: number }) {
  return (
    <StatPill
      label={`Total points: ${format.format(points)}`}
      icon={<Bolt sx={{ fontSize: 18 }} aria-hidden />}
      value={format.format(points)}
      color={(theme) => theme.palette.points}
    />
  );
}
