import { describe, expect, it } from 'vitest';
import { ACTION_VERBS, type ActionSummary } from '@/shared/protocol/action-summary.ts';
import { VERB_PHRASES } from '@/shared/protocol/action-words.ts';
import type { EnvelopeStatus } from '@/shared/protocol/envelope.ts';
import { type LabelSource, stepLabel } from './step-label.ts';

function source(
  overrides: Partial<Omit<LabelSource, 'meta'>> & { meta?: Record<string, unknown> },
): LabelSource {
  const { meta, ...rest } = overrides;
  return {
    summary: null,
    status: 'success',
    role: null,
    metaKind: null,
    description: '',
    content: '',
    tool: 'tool',
    meta: { action_type: 'tool.action', tool: 'tool', ...meta },
    ...rest,
  };
}

const labelOf = (summary: ActionSummary, status: EnvelopeStatus = 'success', meta = {}) =>
  stepLabel(source({ summary, status, meta }));

describe('stepLabel: every verb has words', () => {
  it('has a phrase for every verb of the protocol (a new verb without words fails here)', () => {
    expect(Object.keys(VERB_PHRASES).sort()).toEqual([...ACTION_VERBS].sort());
  });

  it.each(ACTION_VERBS)('%s reads as words, with and without a target, running and done', (verb) => {
    for (const status of ['running', 'success', 'error'] as const) {
      for (const summary of [{ verb }, { verb, target: '/home/ubuntu/site/index.html' }]) {
        const label = labelOf(summary, status);
        expect(label.text).toMatch(/^[A-Z]/);
        expect(label.text).not.toContain('{}');
        expect(label.text).not.toContain(verb.includes('_') ? verb : '\u0000');
        expect(label.text).not.toContain('/home/ubuntu');
      }
    }
    const phrase = VERB_PHRASES[verb];
    if (verb !== 'use_browser') expect(phrase.done).not.toBe(phrase.running);
    if (phrase.target !== null) {
      expect(phrase.running).toContain('{}');
      expect(phrase.done).toContain('{}');
    }
  });
});

describe('stepLabel: the words of common steps', () => {
  it('writes a file path relative to the home folder, the file name apart', () => {
    const label = labelOf({ verb: 'write', target: '/home/ubuntu/notes-app/index.html' });
    expect(label).toEqual({
      before: 'Wrote',
      target: { kind: 'path', directory: 'notes-app/', name: 'index.html' },
      after: '',
      text: 'Wrote notes-app/index.html',
    });
    expect(labelOf({ verb: 'read', target: 'notes.md' }).text).toBe('Read notes.md');
    expect(labelOf({ verb: 'edit', target: '/home/ubuntu/app.js' }, 'running').text).toBe('Editing app.js');
  });

  it('says commands, searches, pages and the plan as Manus does', () => {
    expect(labelOf({ verb: 'run', target: 'ls -la' }).text).toBe('Ran `ls -la`');
    expect(labelOf({ verb: 'run', target: 'ls -la' }, 'running').target).toEqual({
      kind: 'code',
      text: 'ls -la',
    });
    expect(labelOf({ verb: 'search_web', target: 'notes apps' }).text).toBe(
      'Searched the web for “notes apps”',
    );
    expect(labelOf({ verb: 'open_page', target: 'https://example.com/a' }).text).toBe(
      'Opened https://example.com/a',
    );
    expect(labelOf({ verb: 'plan' }).text).toBe('Updated the plan');
    expect(labelOf({ verb: 'run_code', target: 'Python' }).text).toBe('Ran Python code');
    expect(labelOf({ verb: 'run_code', target: 'Python' }).after).toBe('code');
    expect(labelOf({ verb: 'run', target: 'cat /home/ubuntu/notes/todo.md' }).text).toBe(
      'Ran `cat notes/todo.md`',
    );
  });

  it('shows a page opened from a file:// address as the file it is', () => {
    const opened = labelOf({ verb: 'open_page', target: 'file:///home/ubuntu/notes-app/index.html' });
    expect(opened).toEqual({
      before: 'Opened',
      target: { kind: 'path', directory: 'notes-app/', name: 'index.html' },
      after: '',
      text: 'Opened notes-app/index.html',
    });
    expect(labelOf({ verb: 'open_page', target: 'file://localhost/home/ubuntu/My%20notes.html' }).text).toBe(
      'Opened My notes.html',
    );
    expect(labelOf({ verb: 'open_page', target: 'file:/tmp/report.html' }, 'running').text).toBe(
      'Opening /tmp/report.html',
    );
    // As models write it (no third slash): a path from the home folder, not a host.
    expect(labelOf({ verb: 'open_page', target: 'file://notes-app/index.html' }).text).toBe(
      'Opened notes-app/index.html',
    );
    // Bytes that do not decode stay as written.
    expect(labelOf({ verb: 'open_page', target: 'file:///home/ubuntu/100%.html' }).text).toBe(
      'Opened 100%.html',
    );
  });

  it('names the phase an advance moved on to, once it has', () => {
    const meta = {
      goal: 'g',
      phases: [
        { id: 1, title: 'Set up', status: 'completed' },
        { id: 2, title: 'Frontend UI', status: 'active' },
      ],
      current_phase_id: 2,
      next_phase_id: null,
    };
    expect(labelOf({ verb: 'advance_plan' }, 'success', meta).text).toBe('Moved on to “Frontend UI”');
    expect(labelOf({ verb: 'advance_plan' }, 'running').text).toBe('Moving to the next phase');
  });
});

describe('stepLabel: what an expose did', () => {
  it('says a site was previewed when nothing listened on the port, whatever summary it ran under', () => {
    const served = {
      port: 8000,
      url: 'preview/c/notes-app/index.html',
      exposed: false,
      path: '/home/ubuntu/notes-app',
    };
    const exposed = (
      summary: ActionSummary | null,
      meta: Record<string, unknown>,
      status: EnvelopeStatus = 'success',
    ) => stepLabel(source({ metaKind: 'expose', summary, status, meta })).text;
    expect(exposed({ verb: 'preview_site', target: '/home/ubuntu/notes-app' }, served)).toBe(
      'Previewed notes-app',
    );
    // A log recorded before outcomes were read: the port it was asked for, and the meta saying otherwise.
    expect(exposed({ verb: 'expose_port', target: '8000' }, served)).toBe('Previewed notes-app');
    expect(exposed(null, served)).toBe('Previewed notes-app');
    expect(exposed({ verb: 'expose_port', target: '8000' }, {}, 'running')).toBe('Exposing port 8000');
    expect(
      exposed(
        { verb: 'expose_port', target: '5173' },
        { port: 5173, url: 'https://x-5173.test', exposed: true },
      ),
    ).toBe('Exposed port 5173');
  });
});

describe('stepLabel: logs from before summaries', () => {
  it('reads the verb from the role or from the meta kind’s fields', () => {
    expect(stepLabel(source({ role: 'plan' })).text).toBe('Updated the plan');
    expect(stepLabel(source({ metaKind: 'shell', meta: { command: 'npm test' } })).text).toBe(
      'Ran `npm test`',
    );
    expect(
      stepLabel(
        source({
          metaKind: 'file',
          meta: {
            path: '/home/ubuntu/src/a.ts',
            mime: 'text/plain',
            edit_summary: [{ find: 'x', count: 1 }],
          },
        }),
      ).text,
    ).toBe('Edited src/a.ts');
    expect(
      stepLabel(source({ metaKind: 'browser', status: 'error', meta: { url: 'https://a.test/' } })).text,
    ).toBe('Opening https://a.test/');
  });

  it('falls back to the running text, paths relative, never the raw action type', () => {
    const label = stepLabel(
      source({
        metaKind: 'file',
        description: 'File write: /home/ubuntu/notes-app/index.html',
        meta: { action_type: 'file.write', path: '/home/ubuntu/notes-app/index.html', mime: 'text/html' },
      }),
    );
    expect(label.text).toBe('File write: notes-app/index.html');
    expect(label.text).not.toContain('file.write');
    expect(stepLabel(source({ tool: 'teleport' })).text).toBe('Used teleport');
  });
});
