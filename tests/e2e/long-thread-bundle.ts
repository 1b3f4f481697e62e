import type { BundleContents } from '../../src/shared/bundle/bundle-format.ts';

/**
 * A finished conversation of about `eventCount` events, shaped like a long agent run: per
 * turn an assistant turn then a running and a finished envelope, cycling through shell
 * commands with output, file writes and edits, greps, progress lines (`message.info`),
 * markdown results, a failed command now and then; a new user message every 60 actions,
 * one answered question (`message.ask` and its reply) and a plan. The first user message
 * is `firstText`, the last action a result whose text is `lastText`.
 */
export function longThreadBundleContents(
  eventCount: number,
  options: { conversationId?: string; firstText?: string; lastText?: string } = {},
): BundleContents {
  const conversationId = options.conversationId ?? 'long-thread';
  const events: BundleContents['events'] = [];
  const push = (body: BundleContents['events'][number]['body']) =>
    events.push({ conversationId, seq: events.length, at: 1_700_000_000_000 + events.length * 700, body });
  const envelope = (
    uuid: string,
    status: 'running' | 'success' | 'error' | 'asking',
    content: string,
    meta: Record<string, unknown> & { action_type: string; tool: string },
    extra: {
      role?: 'inform' | 'ask' | 'result' | 'plan';
      metaKind?: 'shell' | 'file' | 'match' | 'message';
    } = {},
  ) =>
    push({
      type: 'envelope',
      envelope: { uuid, status, content, meta },
      toolCallId: `call-${uuid}`,
      ...extra,
    });
  const turn = (text: string) =>
    push({
      type: 'assistant_turn',
      text,
      toolCalls: [],
      usage: { prompt: 1200, completion: 80, cached: 900 },
      model: 'scripted-model',
    });
  push({
    type: 'user_message',
    text: options.firstText ?? 'Build a notes app with auth, tests and a deploy script',
  });
  let action = 0;
  while (events.length < eventCount - 3) {
    action += 1;
    const uuid = `a${action}`;
    const kind = action % 10;
    if (action % 60 === 0)
      push({ type: 'user_message', text: `Follow-up ${action / 60}: now also handle edge case ${action}.` });
    turn(`Step ${action}.`);
    if (action === 30) {
      envelope(
        uuid,
        'running',
        'Asking which database to use',
        { action_type: 'message.ask', tool: 'message' },
        { role: 'ask', metaKind: 'message' },
      );
      envelope(
        uuid,
        'asking',
        'Which database should the notes app use: SQLite or Postgres?',
        { action_type: 'message.ask', tool: 'message', attachments: [] },
        { role: 'ask', metaKind: 'message' },
      );
      push({ type: 'user_reply', askUuid: uuid, text: 'SQLite, please.' });
      envelope(
        uuid,
        'success',
        'SQLite, please.',
        {
          action_type: 'message.ask',
          tool: 'message',
          attachments: [],
          question: 'Which database should the notes app use: SQLite or Postgres?',
          reply: 'SQLite, please.',
        },
        { role: 'ask', metaKind: 'message' },
      );
    } else if (kind === 0 || kind === 5) {
      const command = `npm test -- --grep "case ${action}"`;
      envelope(
        uuid,
        'running',
        `Running \`${command}\``,
        {
          action_type: 'shell.exec',
          tool: 'shell',
          session: 'main',
          exit_code: null,
          stdout: '',
          stderr: '',
          is_running: true,
          command,
        },
        { metaKind: 'shell' },
      );
      const failed = action % 70 === 5;
      const stdout = Array.from(
        { length: 12 },
        (_, line) => `  ✓ case ${action}.${line} passes (${line + 3} ms)`,
      ).join('\n');
      envelope(
        uuid,
        failed ? 'error' : 'success',
        stdout,
        {
          action_type: 'shell.exec',
          tool: 'shell',
          session: 'main',
          exit_code: failed ? 1 : 0,
          stdout,
          stderr: failed ? 'Error: expected 2 to be 3' : '',
          is_running: false,
          command,
          ...(failed
            ? {
                error: {
                  kind: 'execution',
                  message: `Command exited with code 1: expected 2 to be 3 in case ${action}`,
                },
              }
            : {}),
        },
        { metaKind: 'shell' },
      );
    } else if (kind === 1 || kind === 6) {
      const path = `src/module-${action}.ts`;
      envelope(
        uuid,
        'running',
        `Writing ${path}`,
        { action_type: 'file.write', tool: 'file' },
        { metaKind: 'file' },
      );
      envelope(
        uuid,
        'success',
        `Wrote ${path} (42 lines)`,
        { action_type: 'file.write', tool: 'file', path, mime: 'text/typescript' },
        { metaKind: 'file' },
      );
    } else if (kind === 2) {
      const path = `src/module-${action - 1}.ts`;
      envelope(
        uuid,
        'running',
        `Editing ${path}`,
        { action_type: 'file.edit', tool: 'file' },
        { metaKind: 'file' },
      );
      envelope(
        uuid,
        'success',
        `Edited ${path}: 1 replacement`,
        {
          action_type: 'file.edit',
          tool: 'file',
          path,
          mime: 'text/typescript',
          edit_summary: [{ find: 'TODO', count: 1 }],
        },
        { metaKind: 'file' },
      );
    } else if (kind === 3) {
      envelope(
        uuid,
        'running',
        `Searching the workspace for "handler${action}"`,
        { action_type: 'match.grep', tool: 'match' },
        { metaKind: 'match' },
      );
      envelope(
        uuid,
        'success',
        '3 matches in 2 files',
        {
          action_type: 'match.grep',
          tool: 'match',
          results: [
            {
              path: 'src/app.ts',
              matches: [{ line: 12, match: `handler${action}()`, leading: [], trailing: [] }],
            },
          ],
        },
        { metaKind: 'match' },
      );
    } else if (kind === 4 || kind === 8) {
      const text = `Step ${action} done: the ${action % 3 === 0 ? 'API' : 'UI'} part now handles case ${action}${action % 4 === 0 ? ', and the tests for it pass on both the in-memory and the SQLite store after a longer explanation that wraps onto a second line' : ''}.`;
      envelope(
        uuid,
        'running',
        text,
        { action_type: 'message.info', tool: 'message' },
        { role: 'inform', metaKind: 'message' },
      );
      envelope(
        uuid,
        'success',
        text,
        { action_type: 'message.info', tool: 'message', attachments: [] },
        { role: 'inform', metaKind: 'message' },
      );
    } else if (kind === 7 && action % 20 === 17) {
      envelope(
        uuid,
        'running',
        'Reporting progress',
        { action_type: 'message.result', tool: 'message' },
        { role: 'result', metaKind: 'message' },
      );
      const markdown = `## Milestone ${action}\n\nThe notes app now has **${action} passing checks**.\n\n- Auth: sign-up, sign-in, sessions\n- Notes: create, edit, delete\n- \`npm test\` is green\n\n| Part | State |\n| --- | --- |\n| API | done |\n| UI | in progress |`;
      envelope(
        uuid,
        'success',
        markdown,
        { action_type: 'message.result', tool: 'message', attachments: [] },
        { role: 'result', metaKind: 'message' },
      );
    } else {
      envelope(
        uuid,
        'running',
        `Reading src/module-${action - 2}.ts`,
        { action_type: 'file.view', tool: 'file' },
        { metaKind: 'file' },
      );
      envelope(
        uuid,
        'success',
        'export function handler() {\n  return 42;\n}\n',
        {
          action_type: 'file.view',
          tool: 'file',
          path: `src/module-${action - 2}.ts`,
          mime: 'text/typescript',
        },
        { metaKind: 'file' },
      );
    }
  }
  turn('All done.');
  const last = `last-${action + 1}`;
  const lastText = options.lastText ?? 'Finished: the notes app is built and every test passes.';
  envelope(
    last,
    'running',
    'Delivering the result',
    { action_type: 'message.result', tool: 'message' },
    { role: 'result', metaKind: 'message' },
  );
  envelope(
    last,
    'success',
    lastText,
    { action_type: 'message.result', tool: 'message', attachments: [] },
    { role: 'result', metaKind: 'message' },
  );
  const phases = ['Set up', 'Backend API', 'Auth', 'UI', 'Deploy'].map((title, index) => ({
    id: index + 1,
    title,
    status: 'completed' as const,
  }));
  return {
    conversation: {
      id: conversationId,
      title: 'Long notes app run',
      status: 'done',
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000 + events.length * 700,
      profileId: 'manus',
    },
    events,
    plan: {
      conversationId,
      goal: 'Build a notes app with auth',
      phases,
      current_phase_id: 5,
      next_phase_id: null,
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_001,
    },
    schedules: [],
    previewStorage: [],
    files: [],
  };
}
