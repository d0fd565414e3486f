import { useTheme } from '@mui/material/styles';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { prefersReducedMotion } from '../../lib/prefers-reduced-motion.ts';

/** What the lab panel does with its terminal. */
export interface LabTerminalHandle {
  write(text: string): void;
  /** Clears the screen and scrollback (a reset starts a new session). */
  clear(): void;
  focus(): void;
  /**
   * Fits the grid to the box and returns its columns and rows: the size a new session is set up with. Between
   * two calls the grid keeps its size (the guest's shell cannot learn a new one) and the font follows the box.
   */
  fitGrid(): { columns: number; rows: number };
  selection(): string;
  paste(text: string): void;
}

interface LabTerminalProps {
  ref?: Ref<LabTerminalHandle>;
  /** The learner's keystrokes and pastes, as the terminal encodes them. */
  onData(text: string): void;
  label: string;
  describedBy?: string;
  screenReaderMode: boolean;
  /** Copy and paste with Ctrl+Shift+C / Ctrl+Shift+V: Ctrl+C belongs to the shell (interrupt). */
  onCopyShortcut(): void;
  onPasteShortcut(): void;
  /** Called once the terminal is in the page and can measure its grid. */
  onReady(): void;
}

const baseFontSize = 14;

/** The largest font (within reason) at which the terminal's fixed grid fits its box. */
function fitFont(term: Terminal, fit: FitAddon) {
  const current = term.options.fontSize ?? baseFontSize;
  const proposed = fit.proposeDimensions();
  if (!proposed) return;
  const scale = Math.min(proposed.cols / term.cols, proposed.rows / term.rows);
  const next = Math.max(8, Math.min(28, Math.floor(current * scale)));
  if (next !== current) term.options.fontSize = next;
}

/**
 * xterm.js on the lab's serial console. Tab goes to the shell (completion); Shift+Tab is left to the
 * browser, so the keyboard can always leave the terminal.
 */
export default function LabTerminal({
  ref,
  onData,
  label,
  describedBy,
  screenReaderMode,
  onCopyShortcut,
  onPasteShortcut,
  onReady,
}: LabTerminalProps) {
  const theme = useTheme();
  const boxRef = useRef<HTMLDivElement>(null);
  const termRef = useRef<Terminal | null>(null);
  const fitRef = useRef<FitAddon | null>(null);
  const handlers = useRef({ onData, onCopyShortcut, onPasteShortcut, onReady });
  useEffect(() => {
    handlers.current = { onData, onCopyShortcut, onPasteShortcut, onReady };
  });
  const colours = theme.palette.terminal;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const reduced = prefersReducedMotion();
    const term = new Terminal({
      cursorBlink: !reduced,
      smoothScrollDuration: 0,
      scrollback: 5000,
      fontFamily: String(theme.typography.mono.fontFamily),
      fontSize: baseFontSize,
      theme: {
        background: colours.background,
        foreground: colours.text,
        cursor: colours.prompt,
        selectionBackground: '#3b5b4f',
      },
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.attachCustomKeyEventHandler((event) => {
      if (event.key === 'Tab' && event.shiftKey) return false;
      if (event.type === 'keydown' && event.ctrlKey && event.shiftKey && (event.key === 'C' || event.key === 'c')) {
        event.preventDefault();
        handlers.current.onCopyShortcut();
        return false;
      }
      if (event.type === 'keydown' && event.ctrlKey && event.shiftKey && (event.key === 'V' || event.key === 'v')) {
        event.preventDefault();
        handlers.current.onPasteShortcut();
        return false;
      }
      return true;
    });
    term.open(box);
    fit.fit();
    const input = term.onData((data) => handlers.current.onData(data));
    termRef.current = term;
    fitRef.current = fit;
    // Full screen or a rotated phone: the same grid, in the largest font that fits.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => fitFont(term, fit)) : null;
    resized?.observe(box);
    handlers.current.onReady();
    return () => {
      resized?.disconnect();
      input.dispose();
      term.dispose();
      termRef.current = null;
      fitRef.current = null;
    };
    // The terminal lives as long as the lab; colour and option changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const term = termRef.current;
    if (term) term.options.screenReaderMode = screenReaderMode;
  }, [screenReaderMode]);

  useEffect(() => {
    const term = termRef.current;
    if (term) term.options.theme = { ...term.options.theme, background: colours.background, foreground: colours.text };
  }, [colours.background, colours.text]);

  useEffect(() => {
    // The helper textarea is what a screen reader and the keyboard reach: it carries the terminal's name.
    const textarea = boxRef.current?.querySelector('textarea');
    if (!textarea) return;
    textarea.setAttribute('aria-label', label);
    if (describedBy) textarea.setAttribute('aria-describedby', describedBy);
  }, [label, describedBy]);

  useImperativeHandle(ref, () => ({
    write: (text) => termRef.current?.write(text),
    clear: () => termRef.current?.reset(),
    focus: () => termRef.current?.focus(),
    fitGrid() {
      const term = termRef.current;
      if (term) term.options.fontSize = baseFontSize;
      fitRef.current?.fit();
      return { columns: term?.cols ?? 80, rows: term?.rows ?? 24 };
    },
    selection: () => termRef.current?.getSelection() ?? '',
    paste: (text) => termRef.current?.paste(text),
  }));

  return <div ref={boxRef} style={{ height: '100%', width: '100%' }} />;
}
