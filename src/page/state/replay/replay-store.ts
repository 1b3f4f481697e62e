import { type Accessor, createEffect, createSignal, on } from 'solid-js';
import type { StoredEvent } from '@/shared/protocol/events.ts';
import type { Plan } from '@/shared/protocol/phase-plan.ts';
import { planAfter } from '@/shared/protocol/plan-after.ts';
import type { AgentClient } from '../app/agent-client.ts';
import type { ThreadStore } from '../thread/thread-store.ts';
import {
  nextStop,
  previousStop,
  REPLAY_SPEEDS,
  type ReplaySpeed,
  replayStops,
  stepDelayMs,
} from './replay.ts';
import { type ReplayStatus, replayStatus } from './replay-status.ts';

/** The log being replayed: its events, where each step ends, and the plan as stored. */
type ReplaySession = {
  conversationId: string;
  events: readonly StoredEvent[];
  stops: readonly number[];
  storedPlan: Plan | null;
};

/**
 * Replay of a finished or imported conversation: steps through its event log with
 * play/pause, step back/forward, a speed and a position, feeding the thread store a
 * frame per step, so the thread, the plan panel and the Computer panel show the
 * conversation as it stood then. Read-only; leaving it shows the conversation as it is.
 */
export function createReplayStore(dependencies: {
  client: AgentClient;
  thread: ThreadStore;
  conversationId: Accessor<string | null>;
}) {
  const { client, thread, conversationId } = dependencies;
  const [session, setSession] = createSignal<ReplaySession | null>(null);
  /** Events shown now (always one of the stops while a session is on). */
  const [shown, setShown] = createSignal(0);
  const [isPlaying, setPlaying] = createSignal(false);
  const [speed, setSpeedSignal] = createSignal<ReplaySpeed>(1);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let startToken = 0;

  function show(current: ReplaySession, count: number): void {
    setShown(count);
    const plan =
      count >= current.events.length
        ? current.storedPlan
        : planAfter(current.events, count, current.conversationId);
    thread.showReplayFrame(current.events, count, plan);
  }

  function schedule(): void {
    clearTimeout(timer);
    const current = session();
    if (!current || !isPlaying()) return;
    const next = nextStop(current.stops, shown());
    if (next === shown()) {
      setPlaying(false);
      return;
    }
    timer = setTimeout(
      () => {
        show(current, next);
        schedule();
      },
      stepDelayMs(current.events, shown(), next, speed()),
    );
  }

  function pause(): void {
    clearTimeout(timer);
    setPlaying(false);
  }

  function play(): void {
    const current = session();
    if (!current) return;
    // At the end, Play starts again from the first step.
    if (shown() >= (current.stops.at(-1) ?? 0)) show(current, current.stops[0] ?? 0);
    setPlaying(true);
    schedule();
  }

  function moveTo(count: number): void {
    const current = session();
    if (!current) return;
    pause();
    show(current, count);
  }

  /** Leaves the replay and shows the conversation as it stands now. */
  function exit(): void {
    startToken += 1;
    pause();
    if (!session()) return;
    setSession(null);
    thread.endReplay();
  }

  createEffect(on(conversationId, exit, { defer: true }));
  const unsubscribe = client.subscribe((message) => {
    if (message.type === 'conversation_deleted' && message.conversationId === session()?.conversationId)
      exit();
  });

  const step = () => {
    const current = session();
    return current ? current.stops.indexOf(shown()) + 1 : 0;
  };
  const stepCount = () => session()?.stops.length ?? 0;

  return {
    /** True while a replay is on screen. */
    isActive: () => session() !== null,
    isPlaying,
    speed,
    /** 1-based number of the step on screen (0 when none). */
    step,
    /** How many steps the replay has. */
    stepCount,
    /** What the UI says instead of the conversation's status while the replay is on screen. */
    status: (): ReplayStatus =>
      replayStatus({ isPlaying: isPlaying(), step: step(), stepCount: stepCount() }),
    /**
     * Starts replaying the open conversation from its first step, playing. Resolves
     * false (and shows nothing) when it has no events or could not be read.
     */
    async start(): Promise<boolean> {
      const id = conversationId();
      if (id === null) return false;
      const token = ++startToken;
      const snapshot = await client.api.readConversation(id);
      if (token !== startToken || conversationId() !== id || !snapshot || snapshot.events.length === 0)
        return false;
      const events = snapshot.events;
      const current: ReplaySession = {
        conversationId: id,
        events,
        stops: replayStops(events),
        storedPlan: snapshot.plan,
      };
      setSession(current);
      show(current, current.stops[0] ?? 0);
      play();
      return true;
    },
    exit,
    togglePlay(): void {
      if (isPlaying()) pause();
      else play();
    },
    stepForward(): void {
      const current = session();
      if (current) moveTo(nextStop(current.stops, shown()));
    },
    stepBack(): void {
      const current = session();
      if (current) moveTo(Math.max(current.stops[0] ?? 0, previousStop(current.stops, shown())));
    },
    /** Jumps to step `step` (1-based). */
    seek(step: number): void {
      const current = session();
      const count = current?.stops[Math.min(Math.max(step, 1), current.stops.length) - 1];
      if (count !== undefined) moveTo(count);
    },
    setSpeed(next: ReplaySpeed): void {
      if (!REPLAY_SPEEDS.includes(next)) return;
      setSpeedSignal(next);
      schedule();
    },
    dispose(): void {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}

export type ReplayStore = ReturnType<typeof createReplayStore>;
