import type { CertificateItem } from '@bastion/contract';
import Download from '@mui/icons-material/Download';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '@/components/query-states.tsx';
import { certificateFileName, useDownloadCertificate } from '@/domain/download-certificate.ts';
import { useCertificates } from '../api/get-certificates.ts';
import { formatDay } from '../lib/format.ts';
import { EmptyNote, SectionLoading } from './paged-view.tsx';
import { ProfileSection } from './profile-section.tsx';
import { plural } from '@/lib/plural.ts';

export const courseCompletionPath = (id: string) => `/completion/course/${encodeURIComponent(id)}`;

function CertificateList({ certificates }: { certificates: CertificateItem[] }) {
  const download = useDownloadCertificate();
  return (
    <Box component="ul" aria-label="Certificates" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {certificates.map((certificate) => {
        const title = certificate.course.title;
        const preparing = download.isPending && download.variables?.id === certificate.id;
        return (
          <Paper key={certificate.id} variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
            <Box sx={{ display: 'flex', gap: 1.5 }}>
              <VerifiedOutlined aria-hidden sx={{ color: 'secondary.main', mt: 0.25 }} />
              <Box sx={{ minWidth: 0 }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {title}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  Completed <time dateTime={certificate.completed_at}>{formatDay(certificate.completed_at)}</time> ·{' '}
                  {plural(certificate.points_earned, 'point')} · No. {certificate.serial}
                </Typography>
              </Box>
            </Box>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
              <Button
                variant="contained"
                color="secondary"
                size="small"
                startIcon={<Download />}
                disabled={preparing}
                aria-label={preparing ? undefined : `Download PDF: ${title}`}
                onClick={() =>
                  download.mutate({ id: certificate.id, fileName: certificateFileName(title, certificate.serial) })
                }
              >
                {preparing ? 'Preparing the PDF…' : 'Download PDF'}
              </Button>
              <Button
                component={RouterLink}
                to={courseCompletionPath(certificate.id)}
                size="small"
                aria-label={`Public record: ${title}`}
              >
                Public record
              </Button>
            </Stack>
          </Paper>
        );
      })}
    </Box>
  );
}

/** R13: the learner's course certificates, each as a PDF and as its public verification page. */
export function CertificatesSection() {
  const certificates = useCertificates();
  return (
    <ProfileSection title="Certificates">
      {certificates.isPending ? (
        <SectionLoading label="Loading your certificates…" rows={2} />
      ) : certificates.isError ? (
        <LoadError
          title="Could not load your certificates."
          error={certificates.error}
          onRetry={() => void certificates.refetch()}
        />
      ) : certificates.data.length === 0 ? (
        <EmptyNote>Complete a course to earn its certificate.</EmptyNote>
      ) : (
        <CertificateList certificates={certificates.data} />
      )}
    </ProfileSection>
  );
}
