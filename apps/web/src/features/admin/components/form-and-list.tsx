import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { PagedResults } from './paged-results.tsx';

type ListProps<T> = Parameters<typeof PagedResults<T>>[0];

/** A console page's body: a form that makes something, then the list of what was made. */
export function FormAndList<T>({
  formTitle,
  form,
  listTitle,
  ...list
}: { formTitle: string; form: ReactNode; listTitle: string } & ListProps<T>) {
  const formHeading = useId();
  return (
    <>
      <Paper variant="outlined" component="section" aria-labelledby={formHeading} sx={{ p: 2.5, mb: 4 }}>
        <Typography id={formHeading} variant="h6" component="h2" sx={{ mb: 2 }}>
          {formTitle}
        </Typography>
        {form}
      </Paper>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {listTitle}
      </Typography>
      <PagedResults {...list} />
    </>
  );
}
