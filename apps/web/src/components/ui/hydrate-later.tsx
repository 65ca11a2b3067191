import { Suspense, type ReactElement } from 'react';
import { useLocation } from 'react-router';
import { isServerRenderedPage } from '../../lib/server-rendered';

/**
 * Issue 30 point 6 (TBT): hydrating a whole server-rendered page is one long task on a phone
 * (the page's longest). A part wrapped here is hydrated after the rest, in a task of its own, so
 * the main thread is free between parts. Preact keeps the server's DOM of a component that
 * suspends while hydrating and hydrates it when the promise settles; each part has its own
 * Suspense boundary so that it resumes alone.
 *
 * Until its turn a part shows the server's HTML without handlers: links work (they are links);
 * taps on buttons are held by src/boot/early-events.js until every part is hydrated
 * (main.tsx waits for whenDeferredHydrated). Only the tab's first page, as the server drew it,
 * is deferred; everything else renders at once as usual.
 */

interface Turn {
  promise: Promise<void>;
  resolve: () => void;
  done: boolean;
}

/** Parts waiting for their turn, in page order. */
const waiting: Turn[] = [];
const turns = new Map<string, Turn>();
/** True from before the browser's first hydration until it has been started (main.tsx). */
let collecting = false;

/** main.tsx, before hydrating: parts rendered from now on wait for startDeferredHydration. */
export function collectDeferredHydration(): void {
  collecting = true;
}

const nextTask = (run: () => void) => setTimeout(run, 0);

/**
 * main.tsx, once the first hydration has returned: hydrates the waiting parts one task each, in
 * page order; resolves when all are hydrated. A part inside another (the cards of the page's
 * main part) is collected when its outer part resumes and gets a later task of its own.
 */
export function startDeferredHydration(): Promise<void> {
  return new Promise((allDone) => {
    const step = () => {
      const turn = waiting.shift();
      if (!turn) {
        collecting = false;
        allDone();
        return;
      }
      turn.done = true;
      // Suspense re-renders the part in a microtask of this task; the next part gets the next.
      turn.resolve();
      nextTask(step);
    };
    nextTask(step);
  });
}

function Gate({ id, children }: { id: string; children: ReactElement }) {
  const turn = turns.get(id);
  if (turn && !turn.done) throw turn.promise;
  return children;
}

/**
 * `children` must draw exactly one element (the DOM node Preact keeps while the part waits).
 * `id` is unique on the page.
 */
export function HydrateLater({ id, children }: { id: string; children: ReactElement }) {
  const { key } = useLocation();
  if (collecting && !turns.has(id) && isServerRenderedPage(key)) {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    const turn = { promise, resolve, done: false };
    turns.set(id, turn);
    waiting.push(turn);
  }
  return (
    <Suspense fallback={null}>
      <Gate id={id}>{children}</Gate>
    </Suspense>
  );
}
