import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProgressMeter } from '../../../components/progress-meter.tsx';

interface LearnerStatusProps {
  title: string;
  completed: boolean;
  enrolled: boolean;
  progress: number;
}

/** A card's learner state: Completed, else the progress once enrolled, else nothing. */
export function LearnerStatus({ title, completed, enrolled, progress }: LearnerStatusProps) {
  if (completed) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'success.main' }}>
        <CheckCircle fontSize="small" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          Completed
        </Typography>
      </Box>
    );
  }
  return enrolled ? <ProgressMeter value={progress} label={`${title} progress`} /> : null;
}
