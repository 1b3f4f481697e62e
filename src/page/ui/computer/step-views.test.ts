// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { TOOL_META } from '@/shared/protocol/tool-meta/index.ts';
import { ToolRole } from '@/shared/protocol/tool-roles.ts';
import { actionIcon, actionTabLabel, STEP_VIEWS, stepViewOf, stepViewRegistry } from './step-views.ts';
import type { StepViewEntry } from './views/step-view-entry.ts';

const component = () => null;

describe('the step views, each declared in its own file', () => {
  it('shows every output kind and every role by a view that names it', () => {
    for (const kind of Object.keys(TOOL_META) as (keyof typeof TOOL_META)[]) {
      const view = stepViewOf({ metaKind: kind, role: null });
      expect(view.kinds?.[kind], kind).toBeDefined();
    }
    for (const role of ToolRole.options) {
      const view = stepViewOf({ metaKind: null, role });
      expect(view.roles?.[role], role).toBeDefined();
    }
  });

  it('opens a step on its kind first, its role next, and its output otherwise', () => {
    expect(stepViewOf({ metaKind: 'shell', role: null }).name).toBe('shell');
    expect(stepViewOf({ metaKind: 'message', role: 'result' }).name).toBe('message');
    expect(stepViewOf({ metaKind: 'webdev_init_project', role: null }).name).toBe('project');
    expect(stepViewOf({ metaKind: 'expose', role: null }).name).toBe('preview');
    expect(stepViewOf({ metaKind: null, role: 'ask' }).name).toBe('message');
    expect(stepViewOf({ metaKind: null, role: null }).name).toBe('output');
    expect(stepViewOf({ metaKind: 'generate', role: null }).name).toBe('output');
    expect(actionTabLabel({ metaKind: 'shell', role: null })).toBe('Terminal');
    expect(actionTabLabel(undefined)).toBe('Step');
  });

  it('gives each step the icon its view declares, and a wrench to what none claims', () => {
    expect(actionIcon({ metaKind: 'webdev_init_project', role: null })).toBe('webdev');
    expect(actionIcon({ metaKind: 'generated_media', role: null })).toBe('generate');
    expect(actionIcon({ metaKind: null, role: 'plan' })).toBe('plan');
    expect(actionIcon({ metaKind: null, role: null })).toBe('tool');
    expect(new Set(STEP_VIEWS.map((view) => view.name)).size).toBe(STEP_VIEWS.length);
  });

  it('refuses a view file without VIEW, two views of one kind, and no fallback', () => {
    const fallback: StepViewEntry = { tab: 'Output', component, isFallback: true };
    const shell: StepViewEntry = { tab: 'Terminal', component, kinds: { shell: 'shell' } };
    expect(() => stepViewRegistry({ './views/a-view.tsx': {} })).toThrow(/exports no VIEW/);
    expect(() =>
      stepViewRegistry({
        './views/a-view.tsx': { VIEW: shell },
        './views/b-view.tsx': { VIEW: shell },
        './views/c-view.tsx': { VIEW: fallback },
      }),
    ).toThrow(/Two step views show the output kind "shell"/);
    expect(() => stepViewRegistry({ './views/a-view.tsx': { VIEW: shell } })).toThrow(/fallback/);
  });
});
