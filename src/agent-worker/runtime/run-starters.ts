import type { ConversationRepository } from '../../shared/storage/conversation-repository.ts';
import type { EventRepository } from '../../shared/storage/event-repository.ts';
import type { Journal } from '../engine/journal.ts';
import { findProfile, type ToolProfile } from '../toolkit/profile.ts';
import type { RuntimeDependencies } from './runtime-dependencies.ts';
import type { ScheduleServiceDependencies } from './schedules/schedule-service.ts';
import { ScheduleService } from './schedules/schedule-service.ts';
import { SubAgents } from './sub-agents.ts';

/**
 * What the runtime starts runs for besides the person: schedules (fired into new
 * conversations) and sub-agents (conversations a `task` action waits for). Both write
 * through the runtime's journal and start runs through its launcher.
 */
export function createRunStarters(
  dependencies: RuntimeDependencies,
  runtime: {
    journal: Journal;
    conversations: ConversationRepository;
    events: EventRepository;
    newId: () => string;
    now: () => number;
    /** Starts a conversation's run; resolves when it ends. */
    launch: (conversationId: string) => Promise<void>;
    stop: (conversationId: string) => Promise<void>;
  },
): { schedules: ScheduleService; subAgents: SubAgents } {
  const { journal, newId, now, launch } = runtime;
  return {
    schedules: new ScheduleService({
      database: dependencies.database,
      publish: dependencies.publish,
      now,
      newId,
      journal,
      launch: (conversationId) => void launch(conversationId),
      reconcileEdit: reconcileByProfile(dependencies.profiles),
    }),
    subAgents: new SubAgents({ ...runtime, run: launch }),
  };
}

/**
 * The schedule service's hook for a person's edit: the profile that made the schedule
 * (its `profileId`) keeps its own mark on it true; a profile without the hook, or one this
 * version lacks, leaves the edit as it is.
 */
export function reconcileByProfile(
  profiles: readonly ToolProfile[],
): NonNullable<ScheduleServiceDependencies['reconcileEdit']> {
  return (current, edited, edit) =>
    findProfile(current.profileId, profiles)?.reconcileScheduleEdit?.(current, edited, edit) ?? edited;
}
