import { describe, expect, it } from 'vitest';
import { TOOL_META } from '../../protocol/tool-meta/index.ts';
import { ToolRole } from '../../protocol/tool-roles.ts';
import { STEP_VIEWS, stepViewOf } from './step-view.ts';

describe('the view a step opens on', () => {
  it('is its meta kind’s own for every kind, and the message for a message of any profile', () => {
    for (const metaKind of Object.keys(TOOL_META) as (keyof typeof TOOL_META)[]) {
      expect(STEP_VIEWS).toContain(stepViewOf({ metaKind, role: null }));
    }
    expect(stepViewOf({ metaKind: 'shell', role: null })).toBe('shell');
    expect(stepViewOf({ metaKind: 'plan', role: 'plan' })).toBe('plan');
    expect(stepViewOf({ metaKind: 'message', role: 'result' })).toBe('message');
    expect(stepViewOf({ metaKind: 'webdev_init_project', role: null })).toBe('project');
    // OpenManus' ask_human and terminate, muxd's ask_user: no meta kind, a role.
    expect(stepViewOf({ metaKind: null, role: 'ask' })).toBe('message');
    expect(stepViewOf({ metaKind: null, role: 'result' })).toBe('message');
    for (const role of ToolRole.options) expect(STEP_VIEWS).toContain(stepViewOf({ metaKind: null, role }));
  });

  it('is the output in words for a step nothing else describes (muxd’s git_status, a refused call)', () => {
    expect(stepViewOf({ metaKind: null, role: null })).toBe('output');
    expect(stepViewOf({ metaKind: 'generate', role: null })).toBe('output');
  });
});
