import type { PreviewConsoleEntry } from '../shared/protocol/preview-browser.ts';
import {
  MAX_CONSOLE_ENTRIES,
  MAX_CONSOLE_MESSAGE_CHARS,
  PREVIEW_RUNTIME_SOURCE_NAME as RUNTIME_SOURCE_NAME,
} from '../shared/protocol/preview-limits.ts';

/** The console methods reported, and the level each entry gets (`debug` reads as a plain log). */
const CONSOLE_LEVELS = {
  log: 'log',
  debug: 'log',
  info: 'info',
  warn: 'warning',
  error: 'error',
} as const satisfies Record<string, PreviewConsoleEntry['level']>;

/**
 * Collects what the page's console says: uncaught errors, unhandled rejections and every
 * `console.log`, `debug`, `info`, `warn` and `error`, each with the file and line it came
 * from. Files inlined by the service worker run from `data:` URLs named with
 * `//# sourceURL=<workspace path>`, so the browser reports their own path and line. Past
 * `MAX_CONSOLE_ENTRIES` the oldest plain message goes first, so a chatty page cannot push
 * its errors out of what the agent reads.
 */
export function captureConsole(
  report: (entry: PreviewConsoleEntry) => void,
  /** True while the runtime itself works in the page (drawing it): what is said then is not the page's. */
  isPaused: () => boolean,
): () => PreviewConsoleEntry[] {
  const entries: PreviewConsoleEntry[] = [];
  const started = performance.timeOrigin;
  const add = (entry: Omit<PreviewConsoleEntry, 'at'>) => {
    if (isPaused()) return;
    const full: PreviewConsoleEntry = {
      ...entry,
      message: entry.message.slice(0, MAX_CONSOLE_MESSAGE_CHARS),
      at: Math.max(0, Date.now() - started),
    };
    entries.push(full);
    if (entries.length > MAX_CONSOLE_ENTRIES) {
      const oldestMessage = entries.findIndex((kept) => kept.level === 'log' || kept.level === 'info');
      entries.splice(Math.max(0, oldestMessage), 1);
    }
    report(full);
  };

  window.addEventListener('error', (event) => {
    // A resource that failed to load (an <img>, a <script src>) fires a plain Event here.
    if (!(event instanceof ErrorEvent)) return;
    add({
      level: 'error',
      kind: 'uncaught',
      message: event.message || String(event.error),
      ...where(event.filename, event.lineno, event.colno),
    });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as unknown;
    add({
      level: 'error',
      kind: 'rejection',
      message: `Unhandled rejection: ${describe(reason)}`,
      ...(reason instanceof Error ? whereInStack(reason.stack) : {}),
    });
  });
  for (const [method, level] of Object.entries(CONSOLE_LEVELS) as [
    keyof typeof CONSOLE_LEVELS,
    PreviewConsoleEntry['level'],
  ][]) {
    const original = console[method].bind(console);
    console[method] = (...values: unknown[]) => {
      original(...values);
      const error = values.find((value): value is Error => value instanceof Error);
      add({
        level,
        kind: 'console',
        message: values.map(describe).join(' '),
        ...whereInStack(error?.stack ?? new Error().stack),
      });
    };
  }
  return () => [...entries];
}

/** A value as console text (errors as `Name: message`, objects as JSON where they can be). */
function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function where(
  filename: string,
  line: number,
  column: number,
): Pick<PreviewConsoleEntry, 'source' | 'line' | 'column'> {
  return {
    ...(filename ? { source: sourceName(filename) } : {}),
    ...(line > 0 ? { line } : {}),
    ...(column > 0 ? { column } : {}),
  };
}

/** The first frame of a stack outside this runtime (its own frames are named `RUNTIME_SOURCE_NAME`). */
function whereInStack(stack: string | undefined): Pick<PreviewConsoleEntry, 'source' | 'line' | 'column'> {
  const frame = (stack ?? '')
    .split('\n')
    .map((line) => /\(?([^\s()]+):(\d+):(\d+)\)?\s*$/.exec(line.trim()))
    .find(
      (match): match is RegExpExecArray =>
        match !== null && match[1] !== RUNTIME_SOURCE_NAME && !match[1]!.startsWith('data:'),
    );
  return frame ? where(frame[1]!, Number(frame[2]), Number(frame[3])) : {};
}

/** A page address as its workspace path (`…/preview/<conversation>/notes-app/index.html` → `notes-app/index.html`). */
function sourceName(filename: string): string {
  const match = /\/preview\/[^/]+\/(.*)$/.exec(filename.split(/[?#]/)[0]!);
  if (!match) return filename.slice(0, 1_000);
  try {
    return decodeURIComponent(match[1] || 'index.html').slice(0, 1_000);
  } catch {
    return match[1]!.slice(0, 1_000);
  }
}
