export { BadgeCollectionDialog } from './components/badge-collection-dialog.tsx';
