import type { ContinueLearningItem } from '@bastion/contract';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ProgressMeter } from '@/components/progress-meter.tsx';

/** Modules in progress, most recent first, each one click from its next lesson. */
export function ContinueLearning({ items }: { items: ContinueLearningItem[] }) {
  if (items.length === 0) {
    return (
      <Card variant="outlined">
        <CardContent sx={{ p: 3 }}>
          <Typography sx={{ mb: 2 }}>Nothing in progress. Pick a course and your next step shows up here.</Typography>
          <Button component={RouterLink} to="/courses" variant="contained">
            Browse courses
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Box
      component="ul"
      sx={{
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {items.map((item) => (
        <Card key={item.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
          <CardActionArea component={RouterLink} to={`/courses/module/${item.id}/lessons`} sx={{ height: '100%' }}>
            <CardContent sx={{ p: 2.5 }}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {item.course.title}
              </Typography>
              <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
                {item.title}
              </Typography>
              <ProgressMeter value={item.progress} label={`${item.title} progress`} />
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {item.items_completed} of {item.items_total} lessons and quizzes done
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
