import type { PhaseStatus } from '@/shared/protocol/phase-plan.ts';
import { type PlanMeta, planFieldsOf } from '@/shared/protocol/tool-meta/plan-meta.ts';
import type { ActionItem, ThreadItem } from './thread-reducer.ts';

/** The plan as the grouping reads it: its phases, and which one is current. */
export type PlanOutline = Pick<PlanMeta, 'phases' | 'current_phase_id'>;

/**
 * A run of the thread's steps that ran in one plan phase, shown under a header with the
 * phase's title and status. `key` is stable while the thread grows (its first member's).
 */
export type PhaseGroup = {
  key: string;
  phaseId: number;
  title: string;
  /** The phase's status in the latest plan; `completed` for a phase a later plan dropped. */
  status: PhaseStatus;
  /** Step rows in it (not the agent's progress lines or notices). */
  stepCount: number;
  /** The agent's progress lines in it (a small model may do a phase's work in nothing else). */
  updateCount: number;
  /** Of those, the ones that failed (a stop is not a failure). */
  failedCount: number;
  /** Every member, in order: steps, progress lines, notices between them. */
  memberKeys: string[];
  startedAt: number;
  /** When its last member ended; null while one runs. */
  endedAt: number | null;
  /** Finished, and the plan has moved on: folded unless the person opens it. */
  isFoldedByDefault: boolean;
};

/** One row of the grouped thread: an item (`index` into the items; `groupKey` when in a group) or a group's header. */
export type ThreadEntry =
  | { kind: 'item'; key: string; index: number; groupKey: string | null }
  | { kind: 'group'; key: string; group: PhaseGroup };

/**
 * The thread as rows, its steps grouped under the plan phase they ran in (the `phase_id`
 * the runtime stamps on each action), each group's header before its members. The plan
 * is followed through the log: each successful plan action's meta is the plan after it,
 * and a delivered result completes its phase; a step is grouped only under a phase that
 * was not yet completed when it ran (steps before any plan, or after the last one was
 * done, stay on their own). The person's messages and replies, questions, results and
 * actions outside a phase stay in the thread's order between groups, and a phase split
 * by one of them gets a group on each side; notices between two members of a group go
 * in it, other notices stay between. `latestPlan` (the stored plan) gives the status of
 * the groups of the current plan; without it, the plan the log last described does. A
 * plan made anew (other phases, or a new task's after a result) supersedes the groups of
 * the one before: they keep the status their phase had then (done, or else pending) and
 * start folded.
 */
export function groupThread(items: readonly ThreadItem[], latestPlan: PlanOutline | null): ThreadEntry[] {
  const entries: ThreadEntry[] = [];
  /** The groups of the plan now current (an earlier plan's are settled as it is replaced). */
  let groups: PhaseGroup[] = [];
  let plan: PlanOutline | null = null;
  let hasRunEnded = false;
  let open: { group: PhaseGroup; phaseKey: string } | null = null;
  let heldNotices: number[] = [];

  const releaseNotices = (): void => {
    for (const index of heldNotices) entries.push(itemEntry(items, index, null));
    heldNotices = [];
  };
  const close = (): void => {
    releaseNotices();
    open = null;
  };

  items.forEach((item, index) => {
    if (item.kind === 'notice') {
      if (open) heldNotices.push(index);
      else entries.push(itemEntry(items, index, null));
      return;
    }
    const phase = item.kind === 'action' ? phaseOfStep(item, plan) : null;
    if (item.kind !== 'action' || !phase) {
      close();
      entries.push(itemEntry(items, index, null));
    } else {
      const phaseKey = `${phase.id}\u0000${phase.title}`;
      if (open?.phaseKey !== phaseKey) {
        close();
        const group = newGroup(item, phase);
        groups.push(group);
        entries.push({ kind: 'group', key: group.key, group });
        open = { group, phaseKey };
      }
      const { group } = open as { group: PhaseGroup };
      for (const held of heldNotices) {
        entries.push(itemEntry(items, held, group.key));
        group.memberKeys.push(items[held]?.key ?? '');
      }
      heldNotices = [];
      addMember(group, item);
      entries.push(itemEntry(items, index, group.key));
    }
    if (item.kind !== 'action' || item.status !== 'success') return;
    const next = planAfter(plan, item);
    if (item.role === 'plan' && next !== plan && (hasRunEnded || !hasSamePhases(plan, next))) {
      settleSuperseded(groups, plan);
      groups = [];
    }
    if (item.role === 'plan') hasRunEnded = false;
    if (item.role === 'result') hasRunEnded = true;
    plan = next;
  });
  releaseNotices();
  settleStatuses(groups, latestPlan ?? plan);
  return entries;
}

/**
 * The entries a person sees: every header and ungrouped item, and the members of open
 * groups (`isOpen` says, from the group's default and the person's choice).
 */
export function visibleEntries(
  entries: readonly ThreadEntry[],
  isOpen: (group: PhaseGroup) => boolean,
): ThreadEntry[] {
  const folded = new Set<string>();
  const visible: ThreadEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'group') {
      if (!isOpen(entry.group)) folded.add(entry.key);
      visible.push(entry);
    } else if (entry.groupKey === null || !folded.has(entry.groupKey)) {
      visible.push(entry);
    }
  }
  return visible;
}

/**
 * What a group's header says is in it: "7 steps"; a group of progress lines only, "5 updates"
 * (it is never called empty over lines a person sees); an empty one, "no steps yet" while it
 * is the current one, else "no steps".
 */
export function phaseGroupCountText(
  group: Pick<PhaseGroup, 'stepCount' | 'updateCount'>,
  isCurrent: boolean,
): string {
  const { stepCount, updateCount } = group;
  if (stepCount > 0) return stepCount === 1 ? '1 step' : `${stepCount} steps`;
  if (updateCount > 0) return updateCount === 1 ? '1 update' : `${updateCount} updates`;
  return isCurrent ? 'no steps yet' : 'no steps';
}

/** Whether a group is open: the person's choice for it when they made one, else its default. */
export function isGroupOpen(group: PhaseGroup, choices: Readonly<Record<string, boolean>>): boolean {
  return choices[group.key] ?? !group.isFoldedByDefault;
}

function itemEntry(items: readonly ThreadItem[], index: number, groupKey: string | null): ThreadEntry {
  return { kind: 'item', key: items[index]?.key ?? String(index), index, groupKey };
}

/** The phase a step ran in, when it is a step (a row or a progress line) of a phase not yet done then. */
function phaseOfStep(item: ActionItem, plan: PlanOutline | null): { id: number; title: string } | null {
  if (item.view !== 'action' && item.view !== 'info') return null;
  if (item.role === 'ask' || item.role === 'result') return null;
  const phaseId = item.meta.phase_id;
  if (typeof phaseId !== 'number' || !plan) return null;
  const phase = plan.phases.find((candidate) => candidate.id === phaseId);
  return phase && phase.status !== 'completed' ? phase : null;
}

/** The plan after `item`: a successful plan action's meta is the new plan; a delivered result completes its phase. */
function planAfter(plan: PlanOutline | null, item: ActionItem): PlanOutline | null {
  if (item.status !== 'success') return plan;
  if (item.role === 'plan') return planFieldsOf(item.meta) ?? plan;
  if (item.role === 'result' && plan) {
    const isLast = plan.phases.at(-1)?.id === plan.current_phase_id;
    return {
      ...plan,
      phases: plan.phases.map((phase) =>
        phase.id === plan.current_phase_id || isLast ? { ...phase, status: 'completed' } : phase,
      ),
    };
  }
  return plan;
}

function newGroup(first: ActionItem, phase: { id: number; title: string }): PhaseGroup {
  return {
    key: `phase-${first.key}`,
    phaseId: phase.id,
    title: phase.title,
    status: 'active',
    stepCount: 0,
    updateCount: 0,
    failedCount: 0,
    memberKeys: [],
    startedAt: first.startedAt,
    endedAt: first.startedAt,
    isFoldedByDefault: false,
  };
}

function addMember(group: PhaseGroup, item: ActionItem): void {
  group.memberKeys.push(item.key);
  if (item.view === 'action') group.stepCount += 1;
  if (item.view === 'info') group.updateCount += 1;
  const errorKind = item.meta.error?.kind;
  const isStop = errorKind === 'cancelled' || errorKind === 'interrupted';
  if (item.view === 'action' && item.status === 'error' && !isStop) group.failedCount += 1;
  const isRunning = item.status === 'running' || item.endedAt === null;
  group.endedAt =
    isRunning || group.endedAt === null ? null : Math.max(group.endedAt, item.endedAt ?? item.startedAt);
}

/** Whether two plans have the same phases (ids and titles, in order), whatever their statuses. */
function hasSamePhases(first: PlanOutline | null, second: PlanOutline | null): boolean {
  if (!first || !second || first.phases.length !== second.phases.length) return false;
  return first.phases.every((phase, index) => {
    const other = second.phases[index];
    return other?.id === phase.id && other.title === phase.title;
  });
}

/** Groups of a plan made anew since: done if their phase was, pending otherwise; folded. */
function settleSuperseded(groups: readonly PhaseGroup[], plan: PlanOutline | null): void {
  for (const group of groups) {
    const phase = plan?.phases.find((candidate) => candidate.id === group.phaseId);
    group.status = phase?.status === 'completed' ? 'completed' : 'pending';
    group.isFoldedByDefault = true;
  }
}

/**
 * Each group's status from the latest plan (same id and title; a phase the plan no longer
 * has is done), and whether it starts folded: done, and either not the plan's current
 * phase or followed by a later group.
 */
function settleStatuses(groups: readonly PhaseGroup[], latest: PlanOutline | null): void {
  groups.forEach((group, index) => {
    const phase = latest?.phases.find(
      (candidate) => candidate.id === group.phaseId && candidate.title === group.title,
    );
    group.status = phase?.status ?? 'completed';
    const isCurrent = phase !== undefined && latest?.current_phase_id === group.phaseId;
    const hasLaterGroup = index < groups.length - 1;
    group.isFoldedByDefault = group.status === 'completed' && (!isCurrent || hasLaterGroup);
  });
}
