import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import type { PreviewConsoleEntry } from '@/shared/protocol/preview-browser.ts';
import { consoleSummary, consoleTone, createPreviewConsoleStore } from './preview-console-store.ts';

const entry = (level: PreviewConsoleEntry['level']): PreviewConsoleEntry => ({
  level,
  kind: 'console',
  message: `a ${level}`,
  at: 1,
});

describe('the preview console drawer’s count', () => {
  it('counts every entry it lists, log lines included, and says what they are', () => {
    createRoot((dispose) => {
      const store = createPreviewConsoleStore();
      expect(consoleSummary(store.counts())).toBe('nothing logged');
      for (const level of ['log', 'info', 'log', 'warning', 'error'] as const) store.add(entry(level));
      expect(store.entries()).toHaveLength(5);
      expect(store.counts()).toEqual({ errors: 1, warnings: 1, messages: 3 });
      expect(consoleSummary(store.counts())).toBe('1 error, 1 warning, 3 messages');
      expect(consoleTone(store.counts())).toBe('error');
      store.clear();
      store.add(entry('log'));
      expect(consoleSummary(store.counts())).toBe('1 message');
      expect(consoleTone(store.counts())).toBe('quiet');
      dispose();
    });
  });
});
