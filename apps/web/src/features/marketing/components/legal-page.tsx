import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** The layout of the privacy policy and the terms: a title and numbered sections in a readable measure. */
export function LegalPage({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 10 } }}>
      <Typography variant="eyebrow" sx={{ color: 'primary.main', mb: 1.5 }}>
        Legal
      </Typography>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary', mb: 6 }}>
        {intro}
      </Typography>
      <Box sx={{ display: 'grid', gap: 5, maxWidth: 720 }}>
        {sections.map((section, index) => (
          <Box component="section" key={section.heading}>
            <Typography variant="h4" component="h2" sx={{ mb: 1.5 }}>
              {`${index + 1}. ${section.heading}`}
            </Typography>
            {section.paragraphs.map((paragraph) => (
              <Typography key={paragraph} sx={{ color: 'text.secondary', mb: 1.5 }}>
                {paragraph}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
    </Container>
  );
}
