import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/** R2 no-layout group: no top bar or footer, only the page's main landmark. */
export function BareLayout() {
  return (
    <Box component="main" id="main-content" sx={{ minHeight: '100vh' }}>
      <Outlet />
    </Box>
  );
}
