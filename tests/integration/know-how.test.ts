import { strToU8 } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { KnowHowRepository } from '../../src/shared/storage/know-how-repository.ts';
import { WorkspaceRepository } from '../../src/shared/storage/workspace-repository.ts';
import { acknowledge, call, planNotes } from '../fixtures/scenarios.ts';
import type { ScriptedTurn } from '../fixtures/scripted-llm-server.ts';
import { assertWellFormedRequests, createHarness, type Harness } from './harness.ts';

const SKILL_BODY = '# Greeting\nRun scripts/hello.sh with the name and report its line.\n';
const SKILL_MD = `---\nname: greet\ndescription: Greets a person by name. Use when asked to greet.\n---\n${SKILL_BODY}`;
const SKILL = '/home/ubuntu/skills/greet';

type RequestBody = { messages: { role: string; content: string | null }[] };

let harness: Harness;
const firstSystemMessage = () =>
  (harness.server.requests[0]?.body as RequestBody | undefined)?.messages[0]?.content ?? '';
afterEach(async () => {
  assertWellFormedRequests(harness.server);
  await harness.close();
});

async function withKnowHow(): Promise<Harness> {
  harness = await createHarness();
  const knowHow = new KnowHowRepository(harness.database);
  await knowHow.skills.put({
    name: 'greet',
    description: 'Greets a person by name. Use when asked to greet.',
    enabled: true,
    installedAt: 1,
    files: [
      { path: 'SKILL.md', bytes: strToU8(SKILL_MD) },
      { path: 'scripts/hello.sh', bytes: strToU8('echo "Hello, $1!"\n') },
    ],
  });
  await knowHow.skills.put({
    name: 'unused',
    description: 'Switched off.',
    enabled: false,
    installedAt: 2,
    files: [{ path: 'SKILL.md', bytes: strToU8('---\nname: unused\ndescription: Switched off.\n---\n') }],
  });
  await knowHow.memories.put({
    id: 'm1',
    text: 'Prefers metric units',
    source: { kind: 'person' },
    enabled: true,
    createdAt: 1,
    updatedAt: 1,
  });
  await knowHow.projects.put({
    id: 'p1',
    name: 'Travel',
    instructions: 'Always answer in French.',
    files: [{ path: 'glossary.md', bytes: strToU8('bonjour: hello\n') }],
    createdAt: 1,
    updatedAt: 1,
  });
  return harness;
}

/** Each profile's own file read, shell and ending, and the scripts that use them. */
const PROFILES: { id: string; script: ScriptedTurn[] }[] = [
  {
    id: 'manus',
    script: [
      acknowledge(),
      planNotes(),
      call('file', { action: 'read', path: `${SKILL}/SKILL.md` }),
      call('shell', { action: 'exec', session: 'main', command: `bash ${SKILL}/scripts/hello.sh Ada` }),
      call('file', { action: 'write', path: `${SKILL}/SKILL.md`, text: 'changed' }),
      call('shell', { action: 'exec', session: 'main', command: `echo x > ${SKILL}/SKILL.md` }),
      call('file', { action: 'read', path: '/home/ubuntu/project/glossary.md' }),
      call('message', { type: 'result', text: 'Done.' }),
    ],
  },
  {
    id: 'openmanus',
    script: [
      call('str_replace_editor', { command: 'view', path: `${SKILL}/SKILL.md` }),
      call('bash', { command: `bash ${SKILL}/scripts/hello.sh Ada` }),
      call('str_replace_editor', {
        command: 'str_replace',
        path: `${SKILL}/SKILL.md`,
        old_str: 'Greeting',
        new_str: 'Changed',
      }),
      call('bash', { command: `echo x > ${SKILL}/SKILL.md` }),
      call('str_replace_editor', { command: 'view', path: '/home/ubuntu/project/glossary.md' }),
      call('terminate', { status: 'success' }),
    ],
  },
  {
    id: 'muxd',
    script: [
      call('file_read', { path: `${SKILL}/SKILL.md` }),
      call('bash', { command: `bash ${SKILL}/scripts/hello.sh Ada` }),
      call('file_write', { path: `${SKILL}/SKILL.md`, content: 'changed' }),
      call('bash', { command: `echo x > ${SKILL}/SKILL.md` }),
      call('file_read', { path: '/home/ubuntu/project/glossary.md' }),
      { text: 'Done.' },
    ],
  },
];

describe('skills, a project and memories, through each profile’s own tools', () => {
  it.each(PROFILES)(
    '$id: the first request lists them; the skill reads, runs and stays read-only',
    async ({ id, script }) => {
      await withKnowHow();
      harness.server.setScript(script);
      const conversationId = await harness.runtime.startConversation('Greet Ada', {
        profileId: id,
        projectId: 'p1',
      });
      await harness.runtime.idle(conversationId);

      const system = firstSystemMessage();
      expect(system).toContain('<name>greet</name>');
      expect(system).toContain(
        '<description>Greets a person by name. Use when asked to greet.</description>',
      );
      expect(system).toContain(`<location>${SKILL}/SKILL.md</location>`);
      expect(system).not.toContain('unused');
      expect(system).not.toContain(SKILL_BODY.trim());
      expect(system).toContain('- Prefers metric units');
      expect(system).toContain('# Project: Travel');
      expect(system).toContain('Always answer in French.');
      expect(system).toContain('- /home/ubuntu/project/glossary.md');
      // Every request carries the same system message: the prefix never changes.
      for (const request of harness.server.requests) {
        expect((request.body as RequestBody).messages[0]?.content).toBe(system);
      }

      // What the model read back: the observations in the last request.
      const last = harness.server.requests.at(-1)?.body as RequestBody;
      const texts = last.messages.map((message) => message.content ?? '').join('\n');
      expect(texts).toContain('Run scripts/hello.sh with the name');
      expect(texts).toContain('Hello, Ada!');
      expect(texts).toContain('bonjour: hello');
      // The file tool's write is refused as read-only, and so is the shell's redirection.
      expect(texts).toContain('is read-only: /home/ubuntu/skills/greet is mounted');
      expect(texts).toContain("EROFS: read-only file system, '/home/ubuntu/skills/greet/SKILL.md'");

      // Neither the writes nor the mounts reached the conversation's workspace.
      const workspace = await new WorkspaceRepository(harness.database).list(conversationId);
      expect(
        workspace.filter((file) => file.path.startsWith('skills') || file.path.startsWith('project')),
      ).toEqual([]);
      const reread = await harness.runtime.readConversation(conversationId);
      expect(reread?.conversation.startContext?.skills.map((skill) => skill.name)).toEqual(['greet']);
    },
  );

  it('a conversation outside the project gets neither its instructions nor its files', async () => {
    await withKnowHow();
    harness.server.setScript([
      call('file_read', { path: '/home/ubuntu/project/glossary.md' }),
      { text: 'Done.' },
    ]);
    const conversationId = await harness.runtime.startConversation('Greet Ada', { profileId: 'muxd' });
    await harness.runtime.idle(conversationId);
    const system = firstSystemMessage();
    expect(system).not.toContain('Always answer in French.');
    expect(system).not.toContain('/home/ubuntu/project');
    expect(system).toContain('<name>greet</name>');
    const [read] = await harness.completions(conversationId);
    expect(read?.status).toBe('error');
    expect(read?.content).not.toContain('bonjour');
  });
});
