import type { MetaKind } from '@/shared/protocol/tool-meta/index.ts';
import type { ToolRole } from '@/shared/protocol/tool-roles.ts';
import type { IconName } from '../shared/icons.tsx';
import type { StepViewEntry } from './views/step-view-entry.ts';

/**
 * Every step view, found where it lives: each `views/*-view.tsx` exports its `VIEW` (a view
 * that loads lazily exports a small entry whose component is `lazy`). Adding a view is adding
 * its file; nothing here names one.
 */
const modules = import.meta.glob<{ VIEW?: StepViewEntry }>('./views/*-view.tsx', { eager: true });

/** A view as registered: its entry and its name (its file's, `shell` for `shell-view.tsx`). */
export interface RegisteredView extends StepViewEntry {
  readonly name: string;
}

interface Registry {
  readonly views: readonly RegisteredView[];
  readonly byKind: ReadonlyMap<MetaKind, RegisteredView>;
  readonly byRole: ReadonlyMap<ToolRole, RegisteredView>;
  readonly fallback: RegisteredView;
}

/** Builds the registry, refusing a view file without `VIEW` and two views claiming one kind. */
export function stepViewRegistry(found: Readonly<Record<string, { VIEW?: StepViewEntry }>>): Registry {
  const views: RegisteredView[] = [];
  const byKind = new Map<MetaKind, RegisteredView>();
  const byRole = new Map<ToolRole, RegisteredView>();
  let fallback: RegisteredView | undefined;
  for (const [path, module] of Object.entries(found)) {
    if (!module.VIEW) throw new Error(`${path} is a step view but exports no VIEW`);
    const name = /([^/]+)-view\.tsx$/.exec(path)?.[1];
    if (!name) throw new Error(`${path} is not named <name>-view.tsx`);
    const view: RegisteredView = { ...module.VIEW, name };
    views.push(view);
    for (const kind of Object.keys(view.kinds ?? {}) as MetaKind[]) {
      if (byKind.has(kind)) throw new Error(`Two step views show the output kind "${kind}" (one is ${path})`);
      byKind.set(kind, view);
    }
    for (const role of Object.keys(view.roles ?? {}) as ToolRole[]) {
      if (byRole.has(role)) throw new Error(`Two step views show the role "${role}" (one is ${path})`);
      byRole.set(role, view);
    }
    if (view.isFallback) {
      if (fallback) throw new Error(`Two step views are the fallback (one is ${path})`);
      fallback = view;
    }
  }
  if (!fallback) throw new Error('No step view is the fallback for steps nothing else shows');
  return { views, byKind, byRole, fallback };
}

const registry = stepViewRegistry(modules);

/** Every step view (for the registry's own checks). */
export const STEP_VIEWS: readonly RegisteredView[] = registry.views;

type StepFacts = { metaKind: MetaKind | null; role: ToolRole | null };

/** The view a step opens on: its output kind's, else its role's, else the fallback (its output in words). */
export function stepViewOf(step: StepFacts): RegisteredView {
  return (
    (step.metaKind ? registry.byKind.get(step.metaKind) : undefined) ??
    (step.role ? registry.byRole.get(step.role) : undefined) ??
    registry.fallback
  );
}

/**
 * The icon of a step: by the kind of its output (a terminal for shell meta, whatever the
 * tool is called), else by its role, else a generic wrench.
 */
export function actionIcon(step: StepFacts): IconName {
  if (step.metaKind) {
    const icon = registry.byKind.get(step.metaKind)?.kinds?.[step.metaKind];
    if (icon) return icon;
  }
  if (step.role) {
    const icon = registry.byRole.get(step.role)?.roles?.[step.role];
    if (icon) return icon;
  }
  return 'tool';
}

/** The name of the action tab for a step ("Terminal", "Editor", "Preview", "Message", "Plan", "Output"…). */
export function actionTabLabel(step: StepFacts | undefined): string {
  return step ? stepViewOf(step).tab : 'Step';
}
