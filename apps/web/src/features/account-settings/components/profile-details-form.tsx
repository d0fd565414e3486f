import type { Profile } from '@bastion/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { apiErrorBody } from '@/lib/api-client.ts';
import { PROFILE_FIELDS, useUpdateProfile, type ProfileField, type ProfilePatch } from '../api/update-profile.ts';
import { fieldErrors } from '@/lib/field-errors.ts';
import { CountryField } from '@/components/country-field.tsx';
import { TimeZoneField } from './time-zone-field.tsx';

const BIO_MAX = 500;

type Values = Record<ProfileField, string>;

function valuesOf(profile: Profile): Values {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    country: profile.country,
    bio: profile.bio,
    timezone: profile.timezone,
  };
}

/** Names, country, bio and time zone; only the changed fields are sent, the server's field errors show below each. */
export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const saved = valuesOf(profile);
  const changes: ProfilePatch = {};
  for (const field of PROFILE_FIELDS) if (values[field] !== saved[field]) changes[field] = values[field];
  const dirty = Object.keys(changes).length > 0;
  const errors = update.isError ? fieldErrors(apiErrorBody(update.error), PROFILE_FIELDS) : {};

  const set = (field: ProfileField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || update.isPending) return;
    // The server trims and normalises (country in capitals): the form takes its answer as the new state.
    update.mutate(changes, { onSuccess: (next) => setValues(valuesOf(next)) });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Personal details" sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Username"
          value={profile.username}
          slotProps={{ input: { readOnly: true } }}
          helperText="Usernames cannot be changed."
          fullWidth
        />
        <TextField
          label="Email"
          value={profile.email}
          slotProps={{ input: { readOnly: true } }}
          helperText="Only you can see it."
          fullWidth
        />
        <TextField
          label="First name"
          name="first_name"
          value={values.first_name}
          onChange={(event) => set('first_name')(event.target.value)}
          error={Boolean(errors.first_name)}
          helperText={errors.first_name}
          autoComplete="given-name"
          required
          fullWidth
        />
        <TextField
          label="Last name"
          name="last_name"
          value={values.last_name}
          onChange={(event) => set('last_name')(event.target.value)}
          error={Boolean(errors.last_name)}
          helperText={errors.last_name}
          autoComplete="family-name"
          required
          fullWidth
        />
        <CountryField value={values.country} onChange={set('country')} error={errors.country} />
        <TimeZoneField value={values.timezone} onChange={set('timezone')} error={errors.timezone} />
      </Box>
      <TextField
        label="Bio"
        name="bio"
        value={values.bio}
        onChange={(event) => set('bio')(event.target.value)}
        error={Boolean(errors.bio)}
        helperText={errors.bio ?? `${values.bio.length}/${BIO_MAX} characters. Shown on your public profile.`}
        multiline
        minRows={3}
        fullWidth
        slotProps={{ htmlInput: { maxLength: BIO_MAX } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" disabled={!dirty || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
      </Box>
    </Box>
  );
}
