/**
 * One run per conversation across tabs, with the Web Locks API where the platform has
 * it (browsers, including workers); elsewhere (Node tests) runs are only guarded in-process.
 */
export type RunLocks = {
  /** Runs `task` while holding the conversation's lock. */
  hold<T>(conversationId: string, task: () => Promise<T>): Promise<T>;
  /** True when no context holds the conversation's lock right now. */
  isFree(conversationId: string): Promise<boolean>;
  /** Runs `task` holding the conversation's lock if no context holds it now; else runs nothing. */
  holdIfFree<T>(conversationId: string, task: () => Promise<T>): Promise<HeldOutcome<T>>;
};

/** What `holdIfFree` did: ran the task (its value), or found the lock held. */
export type HeldOutcome<T> = { isHeld: true; value: T } | { isHeld: false };

type LockManagerLike = {
  request(name: string, callback: () => Promise<unknown>): Promise<unknown>;
  request(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
};

const lockName = (conversationId: string) => `sandpiper-run:${conversationId}`;

/** Web Locks when available, otherwise a pass-through. */
export function createRunLocks(): RunLocks {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  if (!locks) {
    return {
      hold: (_id, task) => task(),
      isFree: async () => true,
      holdIfFree: async (_id, task) => ({ isHeld: true, value: await task() }),
    };
  }
  return {
    hold: async (conversationId, task) => {
      let result: Awaited<ReturnType<typeof task>> | undefined;
      await locks.request(lockName(conversationId), async () => {
        result = await task();
      });
      return result as Awaited<ReturnType<typeof task>>;
    },
    holdIfFree: async <T>(conversationId: string, task: () => Promise<T>) => {
      let outcome: HeldOutcome<T> = { isHeld: false };
      await locks.request(lockName(conversationId), { ifAvailable: true }, async (lock) => {
        if (lock !== null) outcome = { isHeld: true, value: await task() };
      });
      return outcome;
    },
    isFree: async (conversationId) => {
      let isFree = false;
      await locks.request(lockName(conversationId), { ifAvailable: true }, async (lock) => {
        isFree = lock !== null;
      });
      return isFree;
    },
  };
}
