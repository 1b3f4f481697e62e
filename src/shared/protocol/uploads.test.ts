import { describe, expect, it } from 'vitest';
import { MessageUpload, uploadRoomProblem } from './uploads.ts';

const MIB = 1024 * 1024;

describe('uploads', () => {
  it('lets files in up to the limit exactly, and refuses past it with the figures', () => {
    expect(uploadRoomProblem(150 * MIB, 50 * MIB, 200 * MIB)).toBeNull();
    expect(uploadRoomProblem(150 * MIB, 50 * MIB + 1, 200 * MIB)).toBe(
      'These files (50.0 MiB) do not fit in the workspace: it holds 150.0 MiB of its 200.0 MiB limit. Remove some files or raise the limit in Settings; nothing was sent.',
    );
  });

  it('accepts bytes only as a Uint8Array and defaults the destination to uploads', () => {
    const parsed = MessageUpload.parse({ files: [{ path: 'a.txt', type: '', bytes: new Uint8Array(2) }] });
    expect(parsed.destination).toBe('uploads');
    expect(MessageUpload.safeParse({ files: [{ path: 'a.txt', type: '', bytes: [1, 2] }] }).success).toBe(
      false,
    );
    expect(MessageUpload.safeParse({ files: [], destination: 'elsewhere' }).success).toBe(false);
  });
});
