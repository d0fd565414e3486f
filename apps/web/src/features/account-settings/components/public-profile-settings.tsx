import { PUBLIC_PROFILE_SECTIONS, type Profile, type PublicProfileSettings } from '@bastion/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useUpdatePublicSettings } from '../api/update-public-settings.ts';
import { SECTION_LABELS, sectionSetting } from '../lib/public-sections.ts';

type SettingKey = keyof PublicProfileSettings;

/**
 * The public-profile switch and one checkbox per section. Each change is saved at once; until the server
 * answers the control shows the new value, and it falls back to the saved one if the save fails.
 */
export function PublicProfileSettingsForm({ profile }: { profile: Profile }) {
  const update = useUpdatePublicSettings();
  const [pending, setPending] = useState<Partial<PublicProfileSettings>>({});
  const settings: PublicProfileSettings = { ...profile.public_profile, ...pending };
  const path = `/profile/${encodeURIComponent(profile.username)}`;

  const change = (key: SettingKey, value: boolean) => {
    setPending((current) => ({ ...current, [key]: value }));
    update.mutate(
      { [key]: value },
      {
        onSettled: () =>
          setPending((current) => {
            if (current[key] !== value) return current;
            const rest = { ...current };
            delete rest[key];
            return rest;
          }),
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={settings.is_public}
              onChange={(event) => change('is_public', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'public-profile-state' } }}
            />
          }
          label="Public profile"
        />
        <FormHelperText id="public-profile-state" sx={{ mt: 0 }}>
          {settings.is_public
            ? 'Anyone with the link can see your profile, without signing in.'
            : 'Your profile is private: its address shows that it does not exist.'}
        </FormHelperText>
      </Box>
      {settings.is_public && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Your public profile:{' '}
          <Link component={RouterLink} to={path} sx={{ typography: 'mono', fontSize: '0.875rem' }}>
            {`${window.location.origin}${path}`}
          </Link>
        </Typography>
      )}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
          Sections shown on your public profile
        </Typography>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {PUBLIC_PROFILE_SECTIONS.map((section) => {
            const key = sectionSetting(section);
            return (
              <FormControlLabel
                key={section}
                control={<Checkbox checked={settings[key]} onChange={(event) => change(key, event.target.checked)} />}
                label={SECTION_LABELS[section]}
              />
            );
          })}
        </FormGroup>
        {!settings.is_public && (
          <FormHelperText sx={{ mt: 0.5 }}>These apply once your profile is public again.</FormHelperText>
        )}
      </Box>
    </Box>
  );
}
