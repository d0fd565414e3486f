import { APP_NAME } from '@bastion/contract';
import Download from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useSession } from '../../../lib/session';
import { useDownloadCertificate } from '../../../lib/download-certificate.ts';
import { useCourseCompletion } from '../api/get-completion.ts';
import { CompletionCard } from '../components/completion-card.tsx';
import { PublicFrame, CompletionStatus } from '../../../components/public-frame.tsx';

function pdfName(title: string, serial: string): string {
  const slug = `${title}-${serial}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `bastion-certificate-${slug || 'course'}.pdf`;
}

/**
 * Spec §2 /completion/course/{uuid}: the public certificate. Its PDF needs the owner's session
 * (`/api/users/certificates/{id}/pdf/`), so only the signed-in owner sees the download.
 */
export function CourseCompletionPage() {
  const { completionId = '' } = useParams();
  const query = useCourseCompletion(completionId);
  const session = useSession();
  const download = useDownloadCertificate();
  const data = query.data;
  const isOwner = Boolean(data && session.status === 'authenticated' && session.username === data.user.username);

  useEffect(() => {
    if (data) document.title = `Certificate: ${data.course.title} · ${APP_NAME}`;
  }, [data]);

  return (
    <PublicFrame>
      {query.isPending ? (
        <CompletionStatus />
      ) : query.isError ? (
        <CompletionStatus error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CompletionCard
          kind="course"
          user={query.data.user}
          title={query.data.course.title}
          completedAt={query.data.completed_at}
          points={query.data.points_earned}
          serial={query.data.serial}
          shareUrl={`${window.location.origin}/completion/course/${query.data.id}`}
          ownerActions={
            isOwner ? (
              <Button
                variant="contained"
                color="secondary"
                size="large"
                startIcon={<Download />}
                disabled={download.isPending}
                onClick={() =>
                  download.mutate({ id: query.data.id, fileName: pdfName(query.data.course.title, query.data.serial) })
                }
              >
                {download.isPending ? 'Preparing the PDF…' : 'Download certificate (PDF)'}
              </Button>
            ) : null
          }
        />
      )}
    </PublicFrame>
  );
}
