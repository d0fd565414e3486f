import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { mediaUrl } from '@/lib/media-url.ts';

type Height = number | string | { xs: number; md: number | string };

/**
 * A course or module picture (R2: paths are prefixed with the API host). Decorative: the title
 * says it all. A header beside text passes `{xs: 220, md: '100%'}` so the art fills its whole column.
 */
export function CardImage({ path, height = 140 }: { path: string | null; height?: Height }) {
  const src = mediaUrl(path);
  if (!src) {
    return (
      <Box
        aria-hidden
        sx={(theme) => ({
          height,
          background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.28)}, ${alpha(theme.palette.secondary.main, 0.22)})`,
        })}
      />
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt=""
      loading="lazy"
      sx={{ display: 'block', width: '100%', height, objectFit: 'cover', bgcolor: 'raised' }}
    />
  );
}
