import type { ChallengeProgress } from '@bastion/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Lightbulb from '@mui/icons-material/LightbulbOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format-time.ts';
import { stepNumberOrNull } from '../lib/step-number.ts';
import { plural } from '@/lib/plural.ts';

/** The steps in order: when each was solved, the points it brought and whether its hint was taken. */
export function ProgressTimeline({ steps }: { steps: ChallengeProgress['steps'] }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {steps.map((step, index) => {
        const n = stepNumberOrNull(step.order) ?? index + 1;
        const solvedAt = formatDateTime(step.solved_at);
        const last = index === steps.length - 1;
        return (
          <Box component="li" key={step.order} sx={{ display: 'flex', gap: 2 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden>
              {step.solved ? (
                <CheckCircle sx={{ color: 'success.main' }} />
              ) : (
                <RadioButtonUnchecked sx={{ color: 'text.disabled' }} />
              )}
              {!last && (
                <Box
                  sx={{
                    flexGrow: 1,
                    width: 2,
                    my: 0.5,
                    bgcolor: step.solved ? 'success.main' : 'divider',
                    minHeight: 24,
                  }}
                />
              )}
            </Box>
            <Box sx={{ pb: last ? 0 : 3, minWidth: 0 }}>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                Step {n}: {step.title}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {step.solved
                  ? `${solvedAt ? `Solved ${solvedAt}` : 'Solved'} · ${plural(step.points_awarded, 'point')}`
                  : 'Not solved yet'}
              </Typography>
              {step.hint_used && (
                <Chip
                  size="small"
                  variant="outlined"
                  color="secondary"
                  icon={<Lightbulb />}
                  label="Hint used"
                  sx={{ mt: 1, fontWeight: 600 }}
                />
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
