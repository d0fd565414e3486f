import type { Profile } from '@bastion/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import defaultAvatar from '@/assets/default-avatar.svg';
import { apiErrorBody } from '@/lib/api-client.ts';
import { mediaUrl } from '@/lib/media-url.ts';
import { useRemovePhoto } from '../api/remove-photo.ts';
import { useUploadPhoto } from '../api/upload-photo.ts';
import { fieldErrors } from '@/lib/field-errors.ts';
import { PHOTO_ACCEPT, photoFileProblem } from '../lib/photo-file.ts';
import { usePhotoPreview } from '../lib/use-photo-preview.ts';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Choose a photo, see it, then upload it (or remove the current one). The navbar avatar follows. */
export function AvatarField({ profile }: { profile: Profile }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { preview, choose } = usePhotoPreview();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const serverProblem = upload.isError ? fieldErrors(apiErrorBody(upload.error), ['photo']).photo : undefined;
  const shownProblem = problem ?? serverProblem;
  const busy = upload.isPending || remove.isPending;
  const current = mediaUrl(profile.photo);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // The same file chosen again must fire a change event too.
    event.target.value = '';
    if (!file) return;
    upload.reset();
    const reason = photoFileProblem(file);
    setProblem(reason);
    choose(reason ? null : file);
  };

  const cancel = () => {
    choose(null);
    setProblem(null);
    upload.reset();
  };

  const send = () => {
    if (!preview || busy) return;
    upload.mutate(preview.file, { onSuccess: () => choose(null) });
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}>
      <Avatar
        src={preview?.url ?? current ?? defaultAvatar}
        alt={preview ? 'Preview of your new photo' : current ? 'Your current photo' : 'Default avatar'}
        sx={{ width: 112, height: 112, border: 2, borderColor: preview ? 'primary.main' : 'divider' }}
      />
      <Box sx={{ minWidth: 0 }}>
        <input
          ref={inputRef}
          type="file"
          accept={PHOTO_ACCEPT}
          aria-label="Photo file"
          aria-describedby={hintId}
          hidden
          onChange={onFile}
        />
        {preview ? (
          <>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {preview.file.name} · {sizeText(preview.file.size)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              This is a preview: upload it to use it as your photo.
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={send} disabled={busy}>
                {upload.isPending ? 'Uploading…' : 'Upload photo'}
              </Button>
              <Button variant="outlined" onClick={() => inputRef.current?.click()} disabled={busy}>
                Choose another
              </Button>
              <Button variant="text" onClick={cancel} disabled={busy}>
                Cancel
              </Button>
            </Stack>
          </>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => inputRef.current?.click()} disabled={busy}>
              {current ? 'Choose a new photo' : 'Choose a photo'}
            </Button>
            {current && (
              <Button variant="text" color="error" onClick={() => remove.mutate()} disabled={busy}>
                {remove.isPending ? 'Removing…' : 'Remove photo'}
              </Button>
            )}
          </Stack>
        )}
        <FormHelperText
          id={hintId}
          error={Boolean(shownProblem)}
          sx={{ mt: 1 }}
          role={shownProblem ? 'alert' : undefined}
        >
          {shownProblem ?? 'PNG, JPEG or WebP, up to 2 MB. It is resized to 256 × 256 pixels.'}
        </FormHelperText>
      </Box>
    </Stack>
  );
}
