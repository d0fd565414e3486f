import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { PublicModuleStat } from '@bastion/contract';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ProgressMeter } from '@/components/progress-meter.tsx';
import { usePublicModuleStats } from '../api/get-public-module-stats.ts';
import { formatDay } from '../lib/format.ts';
import { ProfileSection } from './profile-section.tsx';
import { SectionPagination } from './section-pagination.tsx';

function ModuleRow({ stat }: { stat: PublicModuleStat }) {
  const { module } = stat;
  const done = formatDay(stat.completed_at);
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {module.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {module.course.title}
          </Typography>
        </Box>
        {stat.completed && (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            icon={<CheckCircle />}
            label={done ? `Completed ${done}` : 'Completed'}
          />
        )}
      </Box>
      <Box sx={{ mt: 1 }}>
        <ProgressMeter value={stat.progress} label={`${module.title} progress`} />
      </Box>
      {stat.completion_id && (
        <Link component={RouterLink} to={`/completion/module/${stat.completion_id}`} variant="body2">
          View the completion of {module.title}
        </Link>
      )}
    </Box>
  );
}

export function ModuleStatsSection({ username }: { username: string }) {
  const [page, setPage] = useState(1);
  const query = usePublicModuleStats(username, page);
  return (
    <ProfileSection id="module-stats" title="Module progress" query={query}>
      {(stats) =>
        stats.results.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>No modules started yet.</Typography>
        ) : (
          <>
            <Box component="ul" aria-label={`Modules, ${stats.count} started`} sx={{ p: 0, m: 0 }}>
              {stats.results.map((stat) => (
                <ModuleRow key={stat.module.id} stat={stat} />
              ))}
            </Box>
            <SectionPagination label="Module pages" count={stats.count} page={page} onChange={setPage} />
          </>
        )
      }
    </ProfileSection>
  );
}
