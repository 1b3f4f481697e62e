import { describe, expect, it } from 'vitest';
import { createAttachmentsStore, sentUploadNames } from './attachments-store.ts';

describe('pasted text as an attachment', () => {
  it('is named pasted-1.txt, then the first number neither attached nor already sent', async () => {
    const store = createAttachmentsStore();
    store.addText('first');
    store.addText(
      'second',
      sentUploadNames([{ path: 'uploads/pasted-2.txt' }, { path: 'notes/pasted-3.txt' }]),
    );
    store.addText('third');
    expect(store.items().map((item) => item.path)).toEqual(['pasted-1.txt', 'pasted-3.txt', 'pasted-2.txt']);
    const [first] = store.items();
    expect(first?.file.type).toBe('text/plain');
    expect(await first?.file.text()).toBe('first');
    store.remove(first?.id ?? '');
    store.addText('again');
    expect(store.items().map((item) => item.path)).toEqual(['pasted-3.txt', 'pasted-2.txt', 'pasted-1.txt']);
  });

  it('reads the uploads folder’s top names from sent attachments', () => {
    expect(
      sentUploadNames([
        { path: 'uploads/pasted-1.txt' },
        { path: 'uploads/project/src/a.ts' },
        { path: 'my-app/README.md' },
      ]),
    ).toEqual(['pasted-1.txt', 'project']);
  });
});
