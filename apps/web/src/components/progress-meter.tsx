import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

interface ProgressMeterProps {
  value: number;
  /** What is measured, for screen readers: "Linux Fundamentals progress". */
  label: string;
}

export function ProgressMeter({ value, label }: ProgressMeterProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <LinearProgress
        variant="determinate"
        value={clamped}
        aria-label={label}
        sx={{ flexGrow: 1, height: 8, borderRadius: 999 }}
      />
      <Typography
        variant="body2"
        component="span"
        sx={{ color: 'text.secondary', minWidth: '3.5ch', textAlign: 'right' }}
      >
        {clamped}%
      </Typography>
    </Box>
  );
}
