import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { reloadSession } from '../lib/auth-session';

/**
 * Web unit-test setup (vitest project 'web', jsdom). A stray console.error fails the test
 * (epic-stack habit), and the browser APIs jsdom lacks get small stand-ins.
 */
// findBy* waits 1 s by default; a lazy route's first import can take longer on a busy 2-core CI
// machine, and a slow machine is not a failure of the screen under test.
configure({ asyncUtilTimeout: 5000 });

let consoleErrors: unknown[][] = [];
const originalConsoleError = console.error;

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    originalConsoleError(...args);
  });
  window.localStorage.clear();
  reloadSession();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called ${errors.length} time(s); the first: ${errors[0]?.map(String).join(' ')}`,
    );
  }
});

// jsdom does not implement scrolling (ScrollToTop in the site layout calls it).
window.scrollTo = (() => undefined) as typeof window.scrollTo;

if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** Reports every observed element as visible at once, so lazy sections load in tests. */
class VisibleIntersectionObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly scrollMargin = '0px';
  readonly thresholds = [0];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element): void {
    const entry = {
      target,
      isIntersecting: true,
      intersectionRatio: 1,
      time: 0,
      boundingClientRect: target.getBoundingClientRect(),
      intersectionRect: target.getBoundingClientRect(),
      rootBounds: null,
    } as IntersectionObserverEntry;
    queueMicrotask(() => this.callback([entry], this as unknown as IntersectionObserver));
  }
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
window.IntersectionObserver = VisibleIntersectionObserver as unknown as typeof IntersectionObserver;
