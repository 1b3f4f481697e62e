import { describe, expect, it } from 'vitest';
import type { ActionItem } from '../thread/thread-reducer.ts';
import { appendLiveChunk, type OutputChunk, shellTranscript, transcriptText } from './shell-transcript.ts';

type ActionOverrides = Partial<Omit<ActionItem, 'meta'>> & { meta?: Record<string, unknown> };

function action(uuid: string, overrides: ActionOverrides): ActionItem {
  const { meta, ...rest } = overrides;
  return {
    kind: 'action',
    key: uuid,
    uuid,
    seq: 0,
    view: 'action',
    actionType: 'shell.exec',
    tool: 'shell',
    role: null,
    metaKind: overrides.tool === undefined || overrides.tool === 'shell' ? 'shell' : 'file',
    status: 'success',
    description: '',
    content: '',
    meta: { action_type: overrides.actionType ?? 'shell.exec', tool: overrides.tool ?? 'shell', ...meta },
    startedAt: 0,
    endedAt: 1,
    askState: null,
    question: null,
    reply: null,
    attachments: [],
    ignoredToolCalls: [],
    errorMessage: null,
    callArguments: {},
    modelImages: [],
    settledSeq: null,
    summary: null,
    ...rest,
  };
}

const none = () => [];

describe('shellTranscript', () => {
  const actions = [
    action('a', { meta: { session: 'main', command: 'ls', stdout: 'notes\n', stderr: '', exit_code: 0 } }),
    action('b', { meta: { session: 'build', command: 'make', stdout: 'ok\n', exit_code: 0 } }),
    action('c', { tool: 'file', actionType: 'file.write', meta: { path: '/home/ubuntu/x' } }),
    action('d', {
      meta: { session: 'main', command: 'cat nope', stderr: 'cat: nope: No such file\n', exit_code: 1 },
    }),
    action('e', { meta: { session: 'main', command: 'pwd', stdout: '/home/ubuntu\n', exit_code: 0 } }),
  ];

  it('lists the shell actions of the selected one’s session, up to and including it', () => {
    expect(shellTranscript(actions, 'd', none).map((entry) => entry.uuid)).toEqual(['a', 'd']);
    expect(shellTranscript(actions, 'b', none).map((entry) => entry.uuid)).toEqual(['b']);
    expect(shellTranscript(actions, 'c', none)).toEqual([]);
    expect(shellTranscript(actions, 'missing', none)).toEqual([]);
  });

  it('takes a running action’s session and command from its call, and its output from live chunks', () => {
    const running = action('r', {
      status: 'running',
      endedAt: null,
      meta: {},
      callArguments: { action: 'exec', session: ' main ', command: 'npm test' },
    });
    const live: Record<string, OutputChunk[]> = {
      r: [
        { stream: 'stdout', text: 'PASS one\n' },
        { stream: 'stderr', text: 'warn\n' },
      ],
    };
    const entries = shellTranscript([...actions, running], 'r', (uuid) => live[uuid] ?? []);
    expect(entries.map((entry) => entry.uuid)).toEqual(['a', 'd', 'e', 'r']);
    expect(entries.at(-1)).toMatchObject({ command: 'npm test', status: 'running', output: live.r });
  });

  it('falls back to session main, as the shell tool does, when the call names none', () => {
    const unnamed = action('u', { status: 'running', meta: {}, callArguments: { command: 'date' } });
    expect(shellTranscript([...actions, unnamed], 'u', none).map((entry) => entry.uuid)).toEqual([
      'a',
      'd',
      'e',
      'u',
    ]);
  });
});

describe('transcriptText', () => {
  it('prints each command after a prompt, stderr in red, and a note for a non-zero exit', () => {
    const entries = shellTranscript(
      [
        action('a', { meta: { session: 'main', command: 'ls', stdout: 'notes', exit_code: 0 } }),
        action('d', {
          meta: { session: 'main', command: 'cat nope', stderr: 'no such file\n', exit_code: 1 },
        }),
      ],
      'd',
      none,
    );
    const text = transcriptText(entries);
    expect(text).toContain('\u001b[1m\u001b[32m$\u001b[0m \u001b[1mls\u001b[0m\nnotes\n');
    expect(text).toContain('\u001b[31mno such file\n\u001b[0m');
    expect(text).toContain('[exit code 1]');
    expect(text.indexOf('ls')).toBeLessThan(text.indexOf('cat nope'));
  });

  it('shows why a failed action failed, and only the line of a `view`', () => {
    const text = transcriptText(
      shellTranscript(
        [
          action('v', { actionType: 'shell.view', meta: { session: 'main', stdout: '$ ls\nnotes\n' } }),
          action('x', {
            status: 'error',
            errorMessage: '`exec` needs a `command`.',
            meta: { session: 'main' },
          }),
        ],
        'x',
        none,
      ),
    );
    expect(text).toContain('# looked at the session');
    expect(text).not.toContain('notes');
    expect(text).toContain('✗ `exec` needs a `command`.');
  });
});

describe('appendLiveChunk', () => {
  it('appends without mutating, and drops the oldest chunks past the limit', () => {
    const first: OutputChunk[] = [{ stream: 'stdout', text: 'aaaa' }];
    const second = appendLiveChunk(first, { stream: 'stderr', text: 'bbbb' }, 6);
    expect(first).toHaveLength(1);
    expect(second).toEqual([{ stream: 'stderr', text: 'bbbb' }]);
    expect(appendLiveChunk(second, { stream: 'stdout', text: 'cc' }, 6)).toHaveLength(2);
  });
});
