export { FeedbackDialog } from './components/feedback-dialog.tsx';
