import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreviewConsoleEntry } from '../shared/protocol/preview-browser.ts';
import { MAX_CONSOLE_ENTRIES } from '../shared/protocol/preview-limits.ts';
import { captureConsole } from './console-capture.ts';

const LEVELS = ['log', 'info', 'debug', 'warn', 'error'] as const;
const originals = Object.fromEntries(LEVELS.map((level) => [level, console[level]]));

/** Console methods that print nothing (the capture calls through to them). */
beforeEach(() => {
  for (const level of LEVELS) console[level] = () => undefined;
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  for (const level of LEVELS) console[level] = originals[level]!;
  vi.unstubAllGlobals();
});

describe('a preview page’s console, as the runtime reports it', () => {
  it('reports console.log, info and debug beside warnings and errors, each once and in order', () => {
    const reported: PreviewConsoleEntry[] = [];
    const entries = captureConsole(
      (entry) => reported.push(entry),
      () => false,
    );
    console.log('notes loaded', 3, { count: 2 });
    console.info('signed in as ada');
    console.debug('render took 4 ms');
    console.warn('no saved settings');
    console.error(new TypeError('boom'));
    expect(reported.map(({ level, kind, message }) => [level, kind, message])).toEqual([
      ['log', 'console', 'notes loaded 3 {"count":2}'],
      ['info', 'console', 'signed in as ada'],
      ['log', 'console', 'render took 4 ms'],
      ['warning', 'console', 'no saved settings'],
      ['error', 'console', 'TypeError: boom'],
    ]);
    expect(entries()).toEqual(reported);
  });

  it('says nothing while the runtime itself works in the page', () => {
    const reported: PreviewConsoleEntry[] = [];
    let isPaused = true;
    captureConsole(
      (entry) => reported.push(entry),
      () => isPaused,
    );
    console.log('drawn by the runtime');
    isPaused = false;
    console.log('the page’s own');
    expect(reported.map((entry) => entry.message)).toEqual(['the page’s own']);
  });

  it('keeps errors and warnings when a chatty page logs past the limit, dropping its oldest messages first', () => {
    const entries = captureConsole(
      () => undefined,
      () => false,
    );
    console.error('the first error');
    console.warn('a warning');
    for (let index = 0; index < MAX_CONSOLE_ENTRIES + 10; index += 1) console.log(`tick ${index}`);
    const kept = entries();
    expect(kept).toHaveLength(MAX_CONSOLE_ENTRIES);
    expect(kept.slice(0, 2).map((entry) => entry.message)).toEqual(['the first error', 'a warning']);
    expect(kept.at(-1)?.message).toBe(`tick ${MAX_CONSOLE_ENTRIES + 9}`);
  });
});
