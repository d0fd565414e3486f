import ContentCopy from '@mui/icons-material/ContentCopy';
import ContentPaste from '@mui/icons-material/ContentPaste';
import RecordVoiceOver from '@mui/icons-material/RecordVoiceOver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { MouseEventHandler, ReactNode } from 'react';
import { TerminalTitle } from './terminal-title.tsx';

interface ToolbarButtonProps {
  label: string;
  icon: ReactNode;
  onClick: MouseEventHandler<HTMLButtonElement>;
  disabled?: boolean;
  pressed?: boolean;
}

/** A toolbar action: icon and text, the icon alone on a phone (the name stays for assistive technology). */
export function ToolbarButton({ label, icon, onClick, disabled, pressed }: ToolbarButtonProps) {
  return (
    <Button
      size="small"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      startIcon={icon}
      sx={(theme) => ({
        color: theme.palette.terminal.prompt,
        minWidth: { xs: 36, sm: 64 },
        minHeight: 40,
        px: { xs: 0.75, sm: 1 },
        '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
        '&.Mui-disabled': { color: theme.palette.terminal.muted, opacity: 0.7 },
      })}
    >
      <Box component="span" aria-hidden sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
    </Button>
  );
}

interface LabToolbarProps {
  title: string;
  running: boolean;
  screenReaderMode: boolean;
  onScreenReaderMode(on: boolean): void;
  onCopy(): void;
  onPaste(): void;
  extra: ReactNode;
}

/** The lab's header: who and where the learner is, and the terminal's actions. */
export function LabToolbar({
  title,
  running,
  screenReaderMode,
  onScreenReaderMode,
  onCopy,
  onPaste,
  extra,
}: LabToolbarProps) {
  return (
    <Box
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        gap: { xs: 0, sm: 0.5 },
        px: { xs: 1, sm: 1.5 },
        py: 0.5,
        minHeight: 44,
        borderBottom: `1px solid ${theme.palette.terminal.border}`,
        color: theme.palette.terminal.prompt,
      })}
    >
      <TerminalTitle>{title}</TerminalTitle>
      <ToolbarButton label="Copy" icon={<ContentCopy />} onClick={onCopy} disabled={!running} />
      <ToolbarButton label="Paste" icon={<ContentPaste />} onClick={onPaste} disabled={!running} />
      <ToolbarButton
        label="Screen reader mode"
        icon={<RecordVoiceOver />}
        pressed={screenReaderMode}
        onClick={() => onScreenReaderMode(!screenReaderMode)}
      />
      {extra}
    </Box>
  );
}
