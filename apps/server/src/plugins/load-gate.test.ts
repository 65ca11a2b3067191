import { describe, expect, it } from 'vitest';
import { createGate, ServiceBusyError } from './load-gate';

const drainMicrotasks = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createGate', () => {
  it('starts work on a later turn of the event loop even when a slot is free', async () => {
    // On PGlite a listing that started in its socket's callback would finish before the next
    // socket is read, and a health check behind it would wait for every listing read with it.
    const gate = createGate(1, 10);
    let started = false;
    void gate.enter().then(() => {
      started = true;
    });
    await drainMicrotasks();
    expect(started).toBe(false);
    expect(gate.running).toBe(1);
    await nextTurn();
    expect(started).toBe(true);
  });

  it('hands a freed slot to the next waiter on a later turn, one at a time', async () => {
    const gate = createGate(1, 10);
    const order: string[] = [];
    void gate.enter().then(() => order.push('first'));
    void gate.enter().then(() => order.push('second'));
    await nextTurn();
    expect(order).toEqual(['first']);
    expect(gate.waiting).toBe(1);
    gate.leave();
    await drainMicrotasks();
    expect(order).toEqual(['first']);
    await nextTurn();
    expect(order).toEqual(['first', 'second']);
    expect(gate.running).toBe(1);
    gate.leave();
    expect(gate.running).toBe(0);
  });

  it('refuses with 503 once the queue is full, without queuing more', async () => {
    const gate = createGate(1, 2);
    void gate.enter();
    void gate.enter();
    void gate.enter();
    await expect(gate.enter()).rejects.toBeInstanceOf(ServiceBusyError);
    expect(gate.waiting).toBe(2);
    await expect(gate.enter()).rejects.toMatchObject({ statusCode: 503 });
  });
});
