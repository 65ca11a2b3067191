import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route runs heavy database work (catalogue search and listing): it waits for one of a
     * few slots, so a flood of such requests cannot starve cheap ones such as /api/health.
     */
    expensive?: boolean;
  }
}

export class ServiceBusyError extends AppError {
  constructor() {
    super(503, 'The shop is busy. Please try again in a moment.', { 'retry-after': '1' });
  }
}

export interface Gate {
  enter(): Promise<void>;
  leave(): void;
  readonly running: number;
  readonly waiting: number;
}

/**
 * A counting semaphore with a bounded queue. Work always starts on `setImmediate`, never in the
 * caller's microtask: on PGlite every query runs synchronously on this thread, so a listing that
 * started at once would finish inside the poll phase's callback for its socket, the next socket's
 * listing likewise, and a health check would wait behind every listing that arrived with it (the
 * gate never queued anything: p99 0.6 s in the flood test). Deferred, the poll phase only parses
 * expensive requests and answers cheap ones; each later loop iteration runs one expensive request
 * per slot, then reads the sockets again. Waiting past `maxWaiting` answers 503 at once, so a
 * flood costs a bounded amount of memory.
 */
export function createGate(slots: number, maxWaiting: number): Gate {
  let running = 0;
  const queue: Array<() => void> = [];
  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    enter() {
      if (running < slots) {
        running += 1;
        return new Promise<void>((resolve) => setImmediate(resolve));
      }
      if (queue.length >= maxWaiting) return Promise.reject(new ServiceBusyError());
      return new Promise<void>((resolve) => queue.push(resolve));
    },
    leave() {
      const next = queue.shift();
      // The slot passes to the next waiter (running stays the same) or is freed.
      if (next) setImmediate(next);
      else running -= 1;
    },
  };
}

export interface LoadGateOptions {
  /** Expensive requests run at once: 1 on PGlite (one engine, one thread), more on PostgreSQL. */
  slots: number;
  /** Expensive requests that may wait for a slot before the next one is answered 503. */
  maxWaiting: number;
}

/** Wraps the handler of every route whose config says `expensive: true` in one shared gate. */
export const loadGatePlugin = fp(async (app: FastifyInstance, options: LoadGateOptions) => {
  const gate = createGate(options.slots, options.maxWaiting);
  app.addHook('onRoute', (route) => {
    if (!route.config?.expensive) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function gated(this: FastifyInstance, request, reply) {
      await gate.enter();
      try {
        return await handler.call(this, request, reply);
      } finally {
        gate.leave();
      }
    };
  });
});
