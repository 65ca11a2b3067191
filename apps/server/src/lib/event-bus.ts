import type { DbOrTx } from '../db/client';

/**
 * A subscriber runs inside the transaction that published the event: what it writes (a ledger
 * row, a credit note, a queued mail or job) commits or rolls back with the change it reacts to.
 * Throwing rolls the whole transaction back, so a change cannot half-happen.
 */
export type Subscriber<Event> = (tx: DbOrTx, event: Event) => Promise<void>;

/**
 * `record` subscribers write the consequences of a change (stock, documents, money, points);
 * `notify` subscribers tell people about it (mail, audit) and run after every `record` one, so
 * they can read what those wrote (the credit note's number, the refund).
 */
export type SubscriberStage = 'record' | 'notify';

export interface EventBus<EventMap extends object> {
  /** Registered at start-up by the module that reacts (in its registration function). */
  on<Name extends keyof EventMap>(
    name: Name,
    subscriber: Subscriber<EventMap[Name]>,
    options?: { stage?: SubscriberStage },
  ): void;
  /** Runs every subscriber of `name`, in stage then registration order, in `tx`. */
  publish<Name extends keyof EventMap>(
    tx: DbOrTx,
    name: Name,
    event: EventMap[Name],
  ): Promise<void>;
  /** The names of the subscribers' events, for the architecture test and docs. */
  subscriptions(): Array<{ event: keyof EventMap; stage: SubscriberStage; count: number }>;
}

/**
 * A typed, in-process event bus. In-process on purpose: every instance publishes inside its own
 * transaction, so there is nothing to deliver across servers; what must outlive the transaction
 * is a durable job a subscriber enqueues in it (modules/jobs).
 */
export function createEventBus<EventMap extends object>(): EventBus<EventMap> {
  const subscribers = new Map<keyof EventMap, Record<SubscriberStage, Array<Subscriber<never>>>>();

  return {
    on(name, subscriber, options) {
      const stages = subscribers.get(name) ?? { record: [], notify: [] };
      stages[options?.stage ?? 'record'].push(subscriber as Subscriber<never>);
      subscribers.set(name, stages);
    },

    async publish(tx, name, event) {
      const stages = subscribers.get(name);
      if (!stages) return;
      for (const subscriber of [...stages.record, ...stages.notify])
        await (subscriber as Subscriber<typeof event>)(tx, event);
    },

    subscriptions() {
      return [...subscribers.entries()].flatMap(([event, stages]) =>
        (['record', 'notify'] as const)
          .filter((stage) => stages[stage].length > 0)
          .map((stage) => ({ event, stage, count: stages[stage].length })),
      );
    },
  };
}
