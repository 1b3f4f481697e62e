import { describe, expect, it } from 'vitest';
import type { PreviewConsoleEntry } from '@/shared/protocol/preview-browser.ts';
import { consoleReport } from './page-state-text.ts';

const entry = (level: PreviewConsoleEntry['level'], message: string): PreviewConsoleEntry => ({
  level,
  kind: 'console',
  message,
  source: 'notes-app/app.js',
  line: 2,
  at: 3,
});

describe('the console as the agent reads it', () => {
  it('counts log lines as messages, not as warnings, and lists each with its level', () => {
    const report = consoleReport(
      [entry('log', 'notes loaded'), entry('info', 'signed in'), entry('warning', 'no settings')],
      'file:///home/ubuntu/notes-app/index.html',
    );
    expect(report.split('\n')[0]).toBe('Console: no errors, 1 warning, 2 other messages.');
    expect(report).toContain('- [log] notes-app/app.js:2 (console): notes loaded');
    expect(report).toContain('- [info] notes-app/app.js:2 (console): signed in');
  });

  it('says plainly when the console is empty', () => {
    expect(consoleReport([], 'file:///home/ubuntu/notes-app/index.html')).toBe(
      'Console: no errors or warnings.',
    );
  });
});
