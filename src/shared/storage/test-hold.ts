import Dexie, { type Transaction } from 'dexie';

/**
 * A test-only hold at the commit (issue 41). A write that must land all or nothing (a
 * workspace save, a bundle import, a rewind, a fork) calls `holdForTest` inside its
 * transaction, once every write of it has been issued and before it commits. A kill test
 * can then stop the app exactly there, and the kill is inside the transaction by
 * construction, not by luck.
 *
 * The app never sets `globalThis.__sandpiperTestHold`, so there every hold point returns
 * at once. A test installs it in the agent worker (where these transactions run) with
 * Playwright's `worker.evaluate` (init scripts reach pages, not workers); the worker reads
 * it afresh at each hold point, so it may be installed after the worker started.
 */

/** Where a transaction can be held, each the end of one all-or-nothing write. */
export type TestHoldPoint = 'workspace-save' | 'bundle-import' | 'rewind' | 'fork';

/** What a test installs as `globalThis.__sandpiperTestHold`. */
export type TestHold = {
  /** Called at every hold point reached: true to hold this transaction open. */
  shouldHold(point: TestHoldPoint): boolean;
  /**
   * Called after each read the hold makes in the held transaction (the first call proves it
   * open, its writes issued and not committed): true to keep holding, false to let it commit.
   */
  isHolding(point: TestHoldPoint): boolean;
};

/** A key no store holds: the hold's reads find nothing. */
const NO_ROW = '\u0000test-hold';

/**
 * Inside a Dexie transaction: returns at once, unless a test's hold asks to hold `point`;
 * then keeps the transaction open (IndexedDB commits a transaction only once no request of
 * it is pending, so one read after another holds it) for as long as the hold says.
 */
export async function holdForTest(point: TestHoldPoint): Promise<void> {
  const hold = (globalThis as { __sandpiperTestHold?: TestHold }).__sandpiperTestHold;
  if (!hold?.shouldHold(point)) return;
  // Typed as always there, but null outside a transaction.
  const transaction = Dexie.currentTransaction as Transaction | null;
  const store = transaction?.storeNames[0];
  if (!transaction || !store) throw new Error(`The test hold at ${point} is not inside a transaction.`);
  const table = transaction.table(store);
  do await table.get(NO_ROW);
  while (hold.isHolding(point));
}
