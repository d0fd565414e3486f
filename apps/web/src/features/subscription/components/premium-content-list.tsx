import type { PremiumContent } from '@bastion/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { plural } from '@/lib/plural.ts';

/** What Premium opens, by name and counted: its courses, the Premium modules of free courses, its challenges. */
export function PremiumContentList({ content, isPremium }: { content: PremiumContent; isPremium: boolean }) {
  const groups = [
    { title: plural(content.courses.length, 'course'), names: content.courses.map((course) => course.title) },
    {
      title: `${plural(content.modules.length, 'module')} of free courses`,
      names: content.modules.map((module) => `${module.title} (${module.course})`),
    },
    { title: plural(content.challenges.length, 'challenge'), names: content.challenges.map((c) => c.title) },
  ].filter((group) => group.names.length > 0);
  return (
    <Box component="section" aria-labelledby="premium-content-title" sx={{ mb: 4 }}>
      <Typography id="premium-content-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        {isPremium ? 'What your Premium opens' : 'What Premium opens'}
      </Typography>
      {groups.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>Nothing is Premium at the moment: everything is free.</Typography>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            A Premium course opens all its modules; enrolled in a course, you have its Premium modules as soon as you
            have Premium.
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            {groups.map((group) => (
              <Box key={group.title}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {group.title}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {group.names.map((name) => (
                    <Typography component="li" key={name} variant="body2">
                      {name}
                    </Typography>
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
