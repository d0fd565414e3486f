import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

/** Shown when a page fails to render or its code cannot be loaded (for example after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Box role="alert" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', px: 3 }}>
      <Box sx={{ maxWidth: 480 }}>
        <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
          Something went wrong
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>
          The page could not be displayed. Reloading usually fixes this.
        </Typography>
        <Button variant="contained" size="large" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Box>
    </Box>
  );
}
