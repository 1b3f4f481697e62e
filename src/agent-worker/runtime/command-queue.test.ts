import { describe, expect, it } from 'vitest';
import { CommandQueue } from './command-queue.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('CommandQueue', () => {
  it('runs commands on one conversation in order, even after a failure', async () => {
    const queue = new CommandQueue();
    const order: string[] = [];
    const first = queue.exclusive('c', async () => {
      await tick();
      order.push('first');
      throw new Error('boom');
    });
    const second = queue.exclusive('c', async () => {
      order.push('second');
      return 2;
    });
    await expect(first).rejects.toThrow('boom');
    expect(await second).toBe(2);
    expect(order).toEqual(['first', 'second']);
  });

  it('lets different conversations run side by side', async () => {
    const queue = new CommandQueue();
    const order: string[] = [];
    const slow = queue.exclusive('a', async () => {
      await tick();
      order.push('a');
    });
    await queue.exclusive('b', async () => {
      order.push('b');
    });
    await slow;
    expect(order).toEqual(['b', 'a']);
  });
});
