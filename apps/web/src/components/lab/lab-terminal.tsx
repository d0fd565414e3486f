// docs/labs.md, "Waiting, and the terminal": the terminal's size reaches the guest over the control port.
import { useTheme } from '@mui/material/styles';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import type { TerminalSize } from '@bastion/labs';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { prefersReducedMotion } from '@/lib/prefers-reduced-motion.ts';
import { blinkWhileActive } from './cursor-blink.ts';

/** What the lab panel does with its terminal. */
export interface LabTerminalHandle {
  write(text: string): void;
  /** Clears the screen and scrollback (a reset starts a new session). */
  clear(): void;
  focus(): void;
  /** The grid's columns and rows now, fitted to the box: the size the guest's tty is given. */
  grid(): TerminalSize;
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
  /** The grid changed with the box (window, full screen, a rotated phone); settled, not at every frame of a drag. */
  onResize(size: TerminalSize): void;
}

const fontSize = 14;
const lineHeight = 1.2;

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
  onResize,
}: LabTerminalProps) {
  const theme = useTheme();
  const boxRef = useRef<HTMLDivElement>(null);
  const termRef = useRef<Terminal | null>(null);
  const fitRef = useRef<FitAddon | null>(null);
  const handlers = useRef({ onData, onCopyShortcut, onPasteShortcut, onReady, onResize });
  useEffect(() => {
    handlers.current = { onData, onCopyShortcut, onPasteShortcut, onReady, onResize };
  });
  const colours = theme.palette.terminal;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const reduced = prefersReducedMotion();
    const term = new Terminal({
      cursorBlink: false,
      smoothScrollDuration: 0,
      scrollback: 5000,
      fontFamily: String(theme.typography.mono.fontFamily),
      // The font keeps its size: a bigger box gets more columns and rows.
      fontSize,
      // Rows as tall as the font's box cut off what sits at its bottom: an underscore was not drawn at all.
      lineHeight,
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
    // The cursor blinks while the lab is in use, unless the learner asked for less motion.
    const blink = reduced ? null : blinkWhileActive(term);
    fit.fit();
    const input = term.onData((data) => handlers.current.onData(data));
    termRef.current = term;
    fitRef.current = fit;
    // Full screen, a wider window or a rotated phone: more (or fewer) columns and rows, told to the guest.
    const gridChanged = term.onResize(({ cols, rows }) => handlers.current.onResize({ columns: cols, rows }));
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(() => fit.fit()) : null;
    resized?.observe(box);
    handlers.current.onReady();
    return () => {
      resized?.disconnect();
      gridChanged.dispose();
      input.dispose();
      blink?.dispose();
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
    grid() {
      const term = termRef.current;
      fitRef.current?.fit();
      return { columns: term?.cols ?? 80, rows: term?.rows ?? 24 };
    },
    selection: () => termRef.current?.getSelection() ?? '',
    paste: (text) => termRef.current?.paste(text),
  }));

  return <div ref={boxRef} style={{ height: '100%', width: '100%' }} />;
}
