import type { Component } from 'solid-js';
import type { ActionItem } from '@/page/state/thread/thread-reducer.ts';
import type { MetaKind } from '@/shared/protocol/tool-meta/index.ts';
import type { ToolRole } from '@/shared/protocol/tool-roles.ts';
import type { IconName } from '../../shared/icons.tsx';

/**
 * What a step view declares about itself, exported as `VIEW` from its own `*-view.tsx` file
 * (the registry, `step-views.ts`, finds it there): the steps it shows, by their output kind
 * (or, lacking one, their role), the icon those steps wear in the thread, and its tab.
 */
export interface StepViewEntry {
  /** The name of its tab in the Computer panel ("Terminal", "Editor", "Preview"…). */
  readonly tab: string;
  readonly component: Component<{ item: ActionItem }>;
  /** Words (its body scrolls) rather than a live surface (a terminal, a frame). */
  readonly isText?: true;
  /** The output kinds it shows, each with the icon its steps wear. */
  readonly kinds?: Readonly<Partial<Record<MetaKind, IconName>>>;
  /** The roles it shows for a step without an output kind, each with its icon. */
  readonly roles?: Readonly<Partial<Record<ToolRole, IconName>>>;
  /** It shows any step no other view claims (exactly one view does), with a wrench. */
  readonly isFallback?: true;
}
