import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useParams } from 'react-router';
import { useSession } from '@/lib/session';
import { useDownloadCertificate } from '@/domain/download-certificate.ts';
import { useCourseCompletion } from '../api/get-completion.ts';
import { CompletionCard } from '../components/completion-card.tsx';
import { PublicCompletionPage } from '@/components/public-completion-page.tsx';

function pdfName(title: string, serial: string): string {
  const slug = `${title}-${serial}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `bastion-certificate-${slug || 'course'}.pdf`;
}

/**
 * R2 /completion/course/{uuid}: the public certificate. Its PDF needs the owner's session
 * (`/api/users/certificates/{id}/pdf/`), so only the signed-in owner sees the download.
 */
export function CourseCompletionPage() {
  const { completionId = '' } = useParams();
  const session = useSession();
  const download = useDownloadCertificate();
  const isOwner = (username: string) => session.status === 'authenticated' && session.username === username;

  return (
    <PublicCompletionPage
      query={useCourseCompletion(completionId)}
      titleOf={(data) => `Certificate: ${data.course.title}`}
    >
      {(data) => (
        <CompletionCard
          kind="course"
          user={data.user}
          title={data.course.title}
          completedAt={data.completed_at}
          points={data.points_earned}
          serial={data.serial}
          shareUrl={`${window.location.origin}/completion/course/${data.id}`}
          ownerActions={
            isOwner(data.user.username) ? (
              <Button
                variant="contained"
                color="secondary"
                size="large"
                startIcon={<Download />}
                disabled={download.isPending}
                onClick={() => download.mutate({ id: data.id, fileName: pdfName(data.course.title, data.serial) })}
              >
                {download.isPending ? 'Preparing the PDF…' : 'Download certificate (PDF)'}
              </Button>
            ) : null
          }
        />
      )}
    </PublicCompletionPage>
  );
}
