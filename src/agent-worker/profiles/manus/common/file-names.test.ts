import { describe, expect, it } from 'vitest';
import { absoluteWorkspacePath, extensionForMime, fileStem } from './file-names.ts';

describe('fileStem', () => {
  it('takes the file name given, without folders or extension', () => {
    expect(fileStem('../out/Red Fox.PNG', 'ignored', 'image')).toBe('red-fox');
    expect(fileStem('logo_v2', 'ignored', 'image')).toBe('logo-v2');
  });

  it('falls back to the first words of the prompt, then to the kind', () => {
    expect(
      fileStem(undefined, 'A watercolour fox, sitting in the snow at dusk under pine trees', 'image'),
    ).toBe('a-watercolour-fox-sitting-in-the-snow-at-dusk');
    expect(fileStem('', 'Café crème', 'image')).toBe('cafe-creme');
    expect(fileStem('***', '日本語', 'speech')).toBe('speech');
  });

  it('cuts one very long word', () => {
    expect(fileStem(undefined, 'x'.repeat(100), 'image')).toHaveLength(48);
  });
});

describe('extensionForMime', () => {
  it('knows the types endpoints send', () => {
    expect(extensionForMime('image/jpeg')).toBe('jpg');
    expect(extensionForMime('audio/mpeg')).toBe('mp3');
    expect(extensionForMime('application/x-unknown')).toBe('bin');
  });
});

describe('absoluteWorkspacePath', () => {
  it('resolves paths within /home/ubuntu and refuses others', () => {
    expect(absoluteWorkspacePath('photos/cat.png')).toBe('/home/ubuntu/photos/cat.png');
    expect(absoluteWorkspacePath('/home/ubuntu/./a/../cat.png')).toBe('/home/ubuntu/cat.png');
    expect(absoluteWorkspacePath('/etc/passwd')).toBeNull();
    expect(absoluteWorkspacePath('/home/ubuntu/../root/x.png')).toBeNull();
  });
});
