import type { ITheme } from '@xterm/xterm';
import { createEffect, createResource, onCleanup, Show } from 'solid-js';
import type { ColorScheme } from '../../state/app/theme-store.ts';
import { useApp } from '../app/app-context.ts';
import { loadTerminalLibrary } from './terminal-library.ts';

const HIDE_CURSOR = '\u001b[?25l';

const PALETTES: Record<ColorScheme, ITheme> = {
  light: {
    black: '#1a1c20',
    red: '#bf3029',
    green: '#1b7a43',
    yellow: '#9a5700',
    blue: '#3656d6',
    magenta: '#7343a8',
    cyan: '#2a6b66',
    white: '#5a606c',
    brightBlack: '#7c828e',
    brightRed: '#d3453d',
    brightGreen: '#238c50',
    brightYellow: '#b06a0c',
    brightBlue: '#4a69e0',
    brightMagenta: '#8657bd',
    brightCyan: '#357f79',
    brightWhite: '#1a1c20',
    selectionBackground: '#c9d3f7',
  },
  dark: {
    black: '#16171a',
    red: '#ff8a80',
    green: '#56c78f',
    yellow: '#f2b654',
    blue: '#8ea2ff',
    magenta: '#c6a3f2',
    cyan: '#7fcfc6',
    white: '#e6e7ea',
    brightBlack: '#7f848f',
    brightRed: '#ffa39b',
    brightGreen: '#74d6a4',
    brightYellow: '#f6c97a',
    brightBlue: '#a9b8ff',
    brightMagenta: '#d5bbf5',
    brightCyan: '#9bdcd4',
    brightWhite: '#ffffff',
    selectionBackground: '#33407a',
  },
};

/** The palette for `scheme`, on the host's own (CSS-themed) background and text colour. */
function terminalTheme(host: HTMLElement, scheme: ColorScheme): ITheme {
  const style = getComputedStyle(host);
  return {
    ...PALETTES[scheme],
    background: style.backgroundColor,
    foreground: style.color,
    cursor: style.backgroundColor,
    cursorAccent: style.backgroundColor,
  };
}

/**
 * A read-only xterm showing `text` (ANSI, LF line ends). New text that extends what is
 * shown is appended (so streamed output scrolls in); anything else redraws. It fits its
 * box, follows the light/dark theme, and keeps 10,000 lines of scrollback. xterm is
 * loaded on first use.
 */
export function TerminalView(props: { text: string; label: string }) {
  const { theme } = useApp();
  const [library] = createResource(loadTerminalLibrary);
  let host!: HTMLElement;

  createEffect(() => {
    if (library.state !== 'ready') return;
    const { Terminal, FitAddon } = library();
    const terminal = new Terminal({
      disableStdin: true,
      convertEol: true,
      scrollback: 10_000,
      fontFamily: getComputedStyle(host).fontFamily,
      fontSize: 12,
      lineHeight: 1.3,
      cursorBlink: false,
      cursorInactiveStyle: 'none',
      theme: terminalTheme(host, theme.scheme()),
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(host);
    terminal.textarea?.setAttribute('aria-label', props.label);
    terminal.textarea?.setAttribute('readonly', '');

    let frame = 0;
    const refit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (host.clientWidth > 0 && host.clientHeight > 0) fit.fit();
      });
    };
    const observer = new ResizeObserver(refit);
    observer.observe(host);
    fit.fit();

    let written: string | null = null;
    createEffect(() => {
      const text = props.text;
      if (written !== null && text.startsWith(written)) {
        terminal.write(text.slice(written.length));
      } else {
        terminal.reset();
        terminal.write(HIDE_CURSOR + text);
      }
      written = text;
    });
    createEffect(() => {
      terminal.options.theme = terminalTheme(host, theme.scheme());
    });

    onCleanup(() => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      terminal.dispose();
    });
  });

  return (
    <div class="terminal-frame">
      <section ref={host} class="terminal-host" aria-label={props.label} />
      <Show when={library.state === 'pending'}>
        <p class="terminal-note">Loading the terminal…</p>
      </Show>
      <Show when={library.state === 'errored'}>
        <p class="terminal-note is-error" role="alert">
          The terminal could not be loaded (offline?). The raw view shows the same output.
        </p>
      </Show>
    </div>
  );
}
