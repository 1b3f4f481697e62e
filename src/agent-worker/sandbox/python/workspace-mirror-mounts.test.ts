import { InMemoryFs } from 'just-bash';
import { describe, expect, it } from 'vitest';
import { WorkspaceMirror } from './workspace-mirror.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the Python mirror with read-only mounts', () => {
  it('sends a mounted skill’s files to Python and drops what Python changes there', async () => {
    const fs = new InMemoryFs();
    await fs.mkdir('/home/ubuntu', { recursive: true });
    await fs.writeFile('/home/ubuntu/notes.md', 'n');
    const mirror = new WorkspaceMirror(fs, [
      {
        mountPoint: '/home/ubuntu/skills/greet',
        files: [
          { path: 'SKILL.md', bytes: bytes('# Greet') },
          { path: 'data/names.csv', bytes: bytes('Ada\n') },
        ],
      },
    ]);
    const sent = await mirror.outgoing(true);
    expect(sent.directories.sort()).toEqual(['skills', 'skills/greet', 'skills/greet/data']);
    expect(sent.writes.map((file) => [file.path, new TextDecoder().decode(file.content)]).sort()).toEqual([
      ['notes.md', 'n'],
      ['skills/greet/SKILL.md', '# Greet'],
      ['skills/greet/data/names.csv', 'Ada\n'],
    ]);
    // Nothing changed since: nothing is sent again.
    expect(await mirror.outgoing(false)).toEqual({ deletes: [], directories: [], writes: [] });

    await mirror.incoming({
      deletes: ['skills/greet/SKILL.md'],
      directories: ['skills/greet/new', 'skills/greet/new/deep', 'out'],
      writes: [
        { path: 'skills/greet/data/names.csv', content: bytes('changed'), modifiedAt: 5 },
        { path: 'skills/greet/new/deep/x.txt', content: bytes('x'), modifiedAt: 5 },
        { path: 'out/result.txt', content: bytes('ok'), modifiedAt: 5 },
      ],
    });
    expect(await fs.readFile('/home/ubuntu/out/result.txt')).toBe('ok');
    expect(await fs.exists('/home/ubuntu/skills')).toBe(false);
  });
});
