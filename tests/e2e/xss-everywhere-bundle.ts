import { encodeBundle } from '../../src/shared/bundle/bundle-codec.ts';
import type { BundleContents } from '../../src/shared/bundle/bundle-format.ts';
import type { EventBody, StoredEvent } from '../../src/shared/protocol/events.ts';
import type { MetaKind } from '../../src/shared/protocol/tool-meta/index.ts';
import { XSS_MARK, XSS_PAYLOADS } from '../fixtures/web/xss-corpus.ts';
import { HOSTILE_DOCUMENT_ATTACHMENTS } from './xss-everywhere-documents.ts';
import {
  ALL_ON_ONE_LINE,
  ALL_PAYLOADS,
  HOSTILE_FILES,
  HOSTILE_FOLDER,
  hostileSchedules,
  hostileWorkspace,
  ID,
  oneLine,
} from './xss-everywhere-files.ts';
import { hostileImageSearchMeta, hostileInfoSearchMeta } from './xss-everywhere-search.ts';

/**
 * A conversation that puts every payload of the XSS corpus into every view a bundle can
 * reach: the thread (user message, model text, notices, info line, ask and result cards,
 * attachment chips), the plan panel, each tool's Computer view, the workspace (names and
 * contents of text, markdown, HTML, SVG and JSON files), the sidebar (title, schedules)
 * and the header. Where a field holds one line, the payloads are joined on one line.
 */

/**
 * Every payload into every view a bundle can carry. `documents` are the files of
 * `hostileDocumentFiles()` (made asynchronously), which the result attaches.
 */
export function xssEverywhereContents(documents: BundleContents['files']): BundleContents {
  const files = [...hostileWorkspace(), ...documents];
  let seq = 0;
  const events: StoredEvent[] = [];
  const push = (body: EventBody) => events.push({ conversationId: ID, seq, at: 1000 + seq++ * 500, body });
  /** A tool action: its running envelope (with `description` and the call's arguments), then its end. */
  const action = (
    uuid: string,
    shape: { tool: string; actionType: string; metaKind?: MetaKind },
    args: Record<string, unknown>,
    done: { status: 'success' | 'asking' | 'error'; content: string; meta: Record<string, unknown> },
    role?: 'ask' | 'inform' | 'result',
  ) => {
    const base = {
      type: 'envelope' as const,
      toolCallId: `call-${uuid}`,
      ...(shape.metaKind ? { metaKind: shape.metaKind } : {}),
      ...(role ? { role } : {}),
    };
    const meta = { action_type: shape.actionType, tool: shape.tool };
    push({
      ...base,
      arguments: args,
      envelope: { uuid, status: 'running', content: `${uuid} ${ALL_ON_ONE_LINE}`, meta },
    } as EventBody);
    push({
      ...base,
      envelope: { uuid, status: done.status, content: done.content, meta: { ...meta, ...done.meta } },
    } as EventBody);
  };
  const attachments = [
    { name: `Page ${ALL_ON_ONE_LINE}`, path: `/home/ubuntu/${HOSTILE_FILES.html}`, mime: 'text/html' },
    {
      name: `Notes ${ALL_ON_ONE_LINE}`,
      path: `/home/ubuntu/${HOSTILE_FILES.markdown}`,
      mime: 'text/markdown',
    },
    { name: `Drawing ${ALL_ON_ONE_LINE}`, path: `/home/ubuntu/${HOSTILE_FILES.svg}`, mime: 'image/svg+xml' },
    { name: `Link ${ALL_ON_ONE_LINE}`, path: `javascript:${XSS_MARK}`, mime: 'text/html' },
    {
      name: `Data ${ALL_ON_ONE_LINE}`,
      path: `data:text/html,<script>${XSS_MARK}</script>`,
      mime: 'text/html',
    },
    { name: `Deck ${ALL_ON_ONE_LINE}`, path: `/home/ubuntu/${HOSTILE_FILES.deck}`, mime: 'text/html' },
  ];

  push({
    type: 'user_message',
    text: `Task\n\n${ALL_PAYLOADS}`,
    attachments: [
      { path: `/home/ubuntu/${HOSTILE_FILES.markdown}`, mimeType: 'text/markdown', size: 10 },
      { path: `/home/ubuntu/${HOSTILE_FILES.svg}`, mimeType: 'image/svg+xml', size: 10 },
    ],
  });
  push({
    type: 'assistant_turn',
    text: `Model text\n\n${ALL_PAYLOADS}`,
    toolCalls: [],
    usage: null,
    model: 'm',
  });
  push({ type: 'notice', kind: 'no_tool_call', text: `Notice ${ALL_PAYLOADS}`, forModel: true });
  push({ type: 'notice', kind: 'provider_error', text: `Provider error ${ALL_PAYLOADS}`, forModel: false });
  push({ type: 'notice', kind: 'reply', text: `Reply ${ALL_PAYLOADS}`, forModel: false });
  // The repetition note quotes the model's own call (markdown, so code spans show as code).
  push({
    type: 'notice',
    kind: 'repetition',
    text: `Repetition \`${ALL_PAYLOADS}\` ${ALL_PAYLOADS}`,
    forModel: true,
  });
  // A retried request's row shows the failure a server sent (its words are the server's).
  push({
    type: 'notice',
    kind: 'retrying',
    text: `Retry ${ALL_PAYLOADS} Retrying in 2 s (1 of 5).`,
    forModel: false,
    retry: { attempt: 1, of: 5, at: 1 },
  });
  action(
    'info',
    { tool: 'message', actionType: 'message.info', metaKind: 'message' },
    { type: 'info', text: ALL_PAYLOADS },
    { status: 'success', content: `Info\n\n${ALL_PAYLOADS}`, meta: { attachments } },
    'inform',
  );
  action(
    'shell',
    { tool: 'shell', actionType: 'shell.exec', metaKind: 'shell' },
    { action: 'exec', session: 'main', command: ALL_ON_ONE_LINE },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: {
        session: oneLine(XSS_PAYLOADS[0] ?? ''),
        exit_code: 1,
        stdout: ALL_PAYLOADS,
        stderr: ALL_PAYLOADS,
        is_running: false,
        command: ALL_ON_ONE_LINE,
      },
    },
  );
  for (const [uuid, path, mime] of [
    ['file-md', HOSTILE_FILES.markdown, 'text/markdown'],
    ['file-html', HOSTILE_FILES.html, 'text/html'],
    ['file-svg', HOSTILE_FILES.svg, 'image/svg+xml'],
  ] as const) {
    action(
      uuid,
      { tool: 'file', actionType: 'file.write', metaKind: 'file' },
      { action: 'write', path: `/home/ubuntu/${path}`, text: ALL_PAYLOADS },
      {
        status: 'success',
        content: ALL_PAYLOADS,
        meta: {
          path: `/home/ubuntu/${path}`,
          mime,
          derived_text: ALL_PAYLOADS,
          edit_summary: XSS_PAYLOADS.map((payload) => ({ find: payload, count: 1 })),
        },
      },
    );
  }
  action(
    'match',
    { tool: 'match', actionType: 'match.grep', metaKind: 'match' },
    { action: 'grep', scope: '/home/ubuntu/**', regex: ALL_ON_ONE_LINE },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: {
        results: XSS_PAYLOADS.map((payload, index) => ({
          path: `/home/ubuntu/${HOSTILE_FOLDER}/${oneLine(payload)} ${index}.txt`,
          matches: [{ line: 1, match: payload, leading: [payload], trailing: [payload] }],
        })),
      },
    },
  );
  action(
    'search',
    { tool: 'search', actionType: 'search.info', metaKind: 'search' },
    { type: 'info', queries: XSS_PAYLOADS },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: hostileInfoSearchMeta(),
    },
  );
  action(
    'images',
    { tool: 'search', actionType: 'search.image', metaKind: 'search' },
    { type: 'image', queries: XSS_PAYLOADS },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: hostileImageSearchMeta(),
    },
  );
  action(
    'browser',
    { tool: 'browser', actionType: 'browser', metaKind: 'browser' },
    { url: `javascript:${XSS_MARK}` },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: {
        url: `https://hostile.example/?q=${encodeURIComponent(ALL_ON_ONE_LINE)}`,
        title: ALL_ON_ONE_LINE,
        final_url: `data:text/html,<script>${XSS_MARK}</script>`,
        path: '/home/ubuntu/pages/hostile.md',
        via: 'jina_reader',
        word_count: 12,
        untrusted_content: 'web',
      },
    },
  );
  action(
    'media',
    { tool: 'generate_image', actionType: 'generate.image', metaKind: 'generated_media' },
    { prompt: ALL_PAYLOADS },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: {
        mode: 'generation',
        kind: 'image',
        prompt: ALL_PAYLOADS,
        model: ALL_ON_ONE_LINE,
        origin: `javascript:${XSS_MARK}`,
        files: [
          {
            path: `/home/ubuntu/${HOSTILE_FILES.image}`,
            mime: 'image/png',
            bytes: 100,
            width: 64,
            height: 48,
            revised_prompt: ALL_PAYLOADS,
          },
        ],
      },
    },
  );
  action(
    'slides',
    { tool: 'slides', actionType: 'slides.present', metaKind: 'slides' },
    { path: `/home/ubuntu/${HOSTILE_FILES.deck}` },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: { deck_path: `/home/ubuntu/${HOSTILE_FILES.deck}`, slide_count: 3, warnings: [...XSS_PAYLOADS] },
    },
  );
  action(
    'expose',
    { tool: 'expose', actionType: 'expose', metaKind: 'expose' },
    { port: 3000 },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: { port: 3000, url: `javascript:${XSS_MARK}`, exposed: true },
    },
  );
  action(
    'webdev',
    { tool: 'expose', actionType: 'expose', metaKind: 'expose' },
    { port: 3000 },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      // The workspace preview route (relative: the app's own address is not known here).
      meta: { port: 3000, url: `preview/${ID}/site/index.html`, exposed: false },
    },
  );
  action(
    'schedule',
    { tool: 'schedule', actionType: 'schedule.cron', metaKind: 'schedule' },
    { type: 'cron', name: ALL_ON_ONE_LINE, cron: '0 0 9 * * *', prompt: ALL_PAYLOADS },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: {
        id: 'schedule-1',
        name: ALL_ON_ONE_LINE,
        type: 'cron',
        cron: '0 0 9 * * *',
        repeat: true,
        created_at: '2026-01-01T00:00:00Z',
        next_run_at: Date.UTC(2027, 0, 1),
        time_zone: 'UTC',
      },
    },
  );
  action(
    'mcp',
    { tool: 'mcp_hostile_echo', actionType: 'mcp_hostile_echo' },
    { text: ALL_PAYLOADS },
    { status: 'success', content: ALL_PAYLOADS, meta: { server: ALL_ON_ONE_LINE, is_error: false } },
  );
  action(
    'planning',
    { tool: 'planning', actionType: 'planning' },
    { command: 'create', title: ALL_ON_ONE_LINE, steps: XSS_PAYLOADS },
    { status: 'success', content: `Plan created\n${ALL_PAYLOADS}`, meta: {} },
  );
  action(
    'todo',
    { tool: 'todo_write', actionType: 'todo_write', metaKind: 'plan' },
    { todos: XSS_PAYLOADS },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: {
        goal: ALL_ON_ONE_LINE,
        phases: XSS_PAYLOADS.map((payload, index) => ({
          id: index + 1,
          title: payload,
          status: index === 0 ? 'active' : 'pending',
        })),
        current_phase_id: 1,
        next_phase_id: 2,
      },
    },
  );
  action(
    'task',
    { tool: 'task', actionType: 'task', metaKind: 'sub_agent' },
    { description: ALL_ON_ONE_LINE, prompt: ALL_PAYLOADS },
    {
      status: 'success',
      content: ALL_PAYLOADS,
      meta: {
        conversation_id: 'not-here',
        description: ALL_PAYLOADS,
        status: 'done',
        steps: 2,
        truncated: false,
      },
    },
  );
  action(
    'failed',
    { tool: 'shell', actionType: 'shell.exec', metaKind: 'shell' },
    { command: ALL_ON_ONE_LINE },
    {
      status: 'error',
      content: ALL_PAYLOADS,
      meta: { error: { kind: 'execution', message: ALL_PAYLOADS } },
    },
  );
  action(
    'result',
    { tool: 'message', actionType: 'message.result', metaKind: 'message' },
    { type: 'result', text: ALL_PAYLOADS },
    {
      status: 'success',
      content: `## Result\n\n${ALL_PAYLOADS}`,
      meta: { attachments: [...attachments, ...HOSTILE_DOCUMENT_ATTACHMENTS] },
    },
    'result',
  );
  action(
    'ask',
    { tool: 'message', actionType: 'message.ask', metaKind: 'message' },
    { type: 'ask', text: ALL_PAYLOADS, suggested_action: 'take_over_browser' },
    {
      status: 'asking',
      content: `Question\n\n${ALL_PAYLOADS}`,
      meta: { attachments, suggested_action: 'take_over_browser' },
    },
    'ask',
  );

  return {
    conversation: {
      id: ID,
      title: ALL_ON_ONE_LINE,
      status: 'asking',
      createdAt: 1000,
      updatedAt: 1000 + seq * 500,
      profileId: 'manus',
    },
    events,
    plan: {
      conversationId: ID,
      goal: ALL_PAYLOADS,
      phases: XSS_PAYLOADS.map((payload, index) => ({
        id: index + 1,
        title: payload,
        status: index === 0 ? 'active' : 'pending',
      })),
      current_phase_id: 1,
      next_phase_id: 2,
      createdAt: 1000,
      updatedAt: 1000,
    },
    schedules: hostileSchedules(ID),
    previewStorage: [],
    files,
  };
}

/** The bundle of `xssEverywhereContents`, as the import picker takes it. */
export function xssEverywhereBundle(documents: BundleContents['files']): Uint8Array {
  return encodeBundle(xssEverywhereContents(documents), '0.1.0', Date.UTC(2026, 0, 2));
}
