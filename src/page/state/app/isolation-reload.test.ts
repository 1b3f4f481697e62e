import { describe, expect, it } from 'vitest';
import { type IsolationReloadFacts, shouldReloadForIsolation } from './isolation-reload.ts';

const firstInstall: IsolationReloadFacts = {
  isUpdate: false,
  isCrossOriginIsolated: false,
  hasReloaded: false,
  hasInteracted: false,
};

describe('the reload for cross-origin isolation', () => {
  it('happens when the first service worker takes over a page that is not isolated', () => {
    expect(shouldReloadForIsolation(firstInstall)).toBe(true);
  });

  it('does not happen when it cannot help or would get in the way', () => {
    expect(shouldReloadForIsolation({ ...firstInstall, isCrossOriginIsolated: true })).toBe(false);
    expect(shouldReloadForIsolation({ ...firstInstall, isUpdate: true })).toBe(false);
    expect(shouldReloadForIsolation({ ...firstInstall, hasReloaded: true })).toBe(false);
    expect(shouldReloadForIsolation({ ...firstInstall, hasInteracted: true })).toBe(false);
  });
});
