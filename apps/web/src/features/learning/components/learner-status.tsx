import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProgressMeter } from '@/components/progress-meter.tsx';

interface LearnerState {
  title: string;
  completed: boolean;
  enrolled: boolean;
  progress: number;
}

/** A course's or module's learner state: Completed, else the progress once enrolled, else nothing. */
export function LearnerStatus({ of: { title, completed, enrolled, progress } }: { of: LearnerState }) {
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
