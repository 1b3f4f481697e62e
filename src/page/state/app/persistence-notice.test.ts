import { beforeEach, describe, expect, it } from 'vitest';
import { createPersistenceNoticeStore, PERSISTENCE_NOTICE_KEY } from './persistence-notice.ts';
import type { PersistenceState } from './storage-persistence.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
  };
}

let memory: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  memory = memoryStorage();
});

describe('the persistence notice', () => {
  it('asks the browser once per page, at the first task, and shows the answer', async () => {
    let requests = 0;
    const store = createPersistenceNoticeStore(async () => {
      requests += 1;
      return 'best-effort';
    }, memory);
    expect(store.notice()).toBeNull();
    await store.noteTaskSent();
    await store.noteTaskSent();
    expect(requests).toBe(1);
    expect(store.notice()).toBe('best-effort');
    store.dismiss();
    expect(store.notice()).toBeNull();
  });

  it('is shown once per answer: not again on the next page, again when the answer changes', async () => {
    const ask = (outcome: PersistenceState) => createPersistenceNoticeStore(async () => outcome, memory);
    const first = ask('best-effort');
    await first.noteTaskSent();
    expect(first.notice()).toBe('best-effort');
    const second = ask('best-effort');
    await second.noteTaskSent();
    expect(second.notice()).toBeNull();
    const granted = ask('persisted');
    await granted.noteTaskSent();
    expect(granted.notice()).toBe('persisted');
    expect(memory.getItem(PERSISTENCE_NOTICE_KEY)).toBe('persisted');
  });

  it('says nothing where the browser has no persistence API', async () => {
    const store = createPersistenceNoticeStore(async () => 'unsupported', memory);
    await store.noteTaskSent();
    expect(store.notice()).toBeNull();
  });
});
