import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_DELAY_MS, startServiceWorkerWhenIdle } from './start-service-worker';

/**
 * Decision 0013: the worker is registered only in a production build, a while after the page has
 * loaded and when the browser is idle.
 */
describe('startServiceWorkerWhenIdle', () => {
  const register = vi.fn(() => Promise.resolve({}));
  let idle: (() => void)[];

  beforeEach(() => {
    vi.useFakeTimers();
    idle = [];
    register.mockClear();
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers /sw.js for the whole site once the loaded page has waited and is idle', async () => {
    vi.stubEnv('PROD', true);
    startServiceWorkerWhenIdle();
    vi.advanceTimersByTime(REGISTER_DELAY_MS - 1);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(register).not.toHaveBeenCalled();
    idle[0]?.();
    vi.useRealTimers();
    await vi.waitFor(() =>
      expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' }),
    );
  });

  it('does nothing on the development server or in tests', () => {
    vi.stubEnv('PROD', false);
    startServiceWorkerWhenIdle();
    vi.runAllTimers();
    expect(idle).toHaveLength(0);
    expect(register).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', () => {
    vi.stubEnv('PROD', true);
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(() => startServiceWorkerWhenIdle()).not.toThrow();
    vi.runAllTimers();
    expect(idle).toHaveLength(0);
  });
});
