import { Navigate } from 'react-router';
import { CONSOLE_SECTIONS } from '../lib/console-sections.ts';

/** /admin opens the console's first page. */
export function AdminHomePage() {
  return <Navigate to={CONSOLE_SECTIONS[0].path} replace />;
}
