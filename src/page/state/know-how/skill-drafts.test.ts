import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { KnowHowFile } from '@/shared/protocol/know-how.ts';
import type { WorkspaceEntry } from '../workspace/file-tree.ts';
import { draftVerdict } from './skill-draft-verdict.ts';
import { DRAFTS_FOLDER, draftsIn, draftsKey } from './skill-drafts.ts';
import { rowToInstall } from './skills-store.ts';

const file = (path: string, size = 1, modifiedAt = 1): WorkspaceEntry => ({
  path,
  kind: 'file',
  size,
  modifiedAt,
});
const MANIFEST = '---\nname: greet\ndescription: Greets people.\n---\nRun scripts/hello.sh\n';
const draftFiles = (manifest = MANIFEST, folder = 'greet'): KnowHowFile[] => [
  { path: `skills-draft/${folder}/SKILL.md`, bytes: strToU8(manifest) },
  { path: `skills-draft/${folder}/scripts/hello.sh`, bytes: strToU8('echo hello\n') },
];

describe('skill drafts', () => {
  it('finds each draft folder with a SKILL.md, and its files', () => {
    expect(DRAFTS_FOLDER).toBe('skills-draft');
    const entries: WorkspaceEntry[] = [
      file('notes/todo.md'),
      { path: 'skills-draft', kind: 'directory', size: 0, modifiedAt: 1 },
      file('skills-draft/greet/scripts/hello.sh'),
      file('skills-draft/greet/SKILL.md'),
      file('skills-draft/half-done/notes.md'),
      file('skills-draft/SKILL.md'),
      file('skills-draft/alpha/SKILL.md'),
    ];
    expect(draftsIn(entries)).toEqual([
      { folder: 'alpha', paths: ['skills-draft/alpha/SKILL.md'] },
      { folder: 'greet', paths: ['skills-draft/greet/SKILL.md', 'skills-draft/greet/scripts/hello.sh'] },
    ]);
  });

  it('changes its key only when a draft’s file changes', () => {
    const before = [file('a.txt'), file('skills-draft/greet/SKILL.md', 10, 1)];
    expect(draftsKey([...before, file('b.txt')])).toBe(draftsKey(before));
    expect(draftsKey([file('a.txt'), file('skills-draft/greet/SKILL.md', 12, 2)])).not.toBe(
      draftsKey(before),
    );
  });

  it('offers a valid draft, as an update when the name is installed with other files', () => {
    expect(draftVerdict('greet', draftFiles(), [])).toMatchObject({
      status: 'ready',
      isUpdate: false,
      skill: { name: 'greet', description: 'Greets people.' },
    });
    const older = rowToInstall(
      { name: 'greet', description: 'Old.', files: [{ path: 'SKILL.md', bytes: strToU8('old') }] },
      null,
      1,
    );
    expect(draftVerdict('greet', draftFiles(), [older])).toMatchObject({ status: 'ready', isUpdate: true });
  });

  it('offers nothing when the same files are installed', () => {
    const ready = draftVerdict('greet', draftFiles(), []);
    if (ready?.status !== 'ready') throw new Error('expected a ready draft');
    expect(draftVerdict('greet', draftFiles(), [rowToInstall(ready.skill, null, 1)])).toBeNull();
  });

  it('says why a draft cannot be installed', () => {
    expect(draftVerdict('greet', draftFiles('# Greet\n'), [])).toEqual({
      folder: 'greet',
      status: 'invalid',
      reason: expect.stringMatching(/front matter/),
    });
    expect(draftVerdict('greeter', draftFiles(MANIFEST, 'greeter'), [])).toMatchObject({
      status: 'invalid',
      reason: expect.stringMatching(/differs from its folder/),
    });
  });
});
