export { AppNavbar, type AppNavbarProps } from './components/app-navbar.tsx';
export { navbarQueryKey, navbarQueryOptions } from './api/get-navbar.ts';
