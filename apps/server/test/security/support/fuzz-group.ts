import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDriver, type TestApp } from '../../helpers';
import { installDbWatch, type DbWatch } from './db-watch';
import {
  FUZZ_SEED,
  fuzzRoute,
  reportFigures,
  runsFor,
  type FuzzStats,
  type FuzzTarget,
  type FuzzWorld,
} from './fuzz';
import { FUZZ_TARGETS, NOTHING_TO_FUZZ, createFuzzWorld } from './fuzz-targets';
import { apiRoutes } from './routes';

/**
 * One test file per group of routes (each well under a minute at 1,000 runs per route), each on
 * its own app and database. A test per route, so a finding names its route.
 */
export function describeFuzzGroup(group: FuzzTarget['group']): void {
  const targets = FUZZ_TARGETS.filter((target) => target.group === group);
  describe(`fuzzing: ${group} routes (${testDriver})`, () => {
    let t: TestApp;
    let w: FuzzWorld;
    let watch: DbWatch;
    const figures: FuzzStats[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    beforeAll(async () => {
      console.warn(
        `fuzzing ${group} (${testDriver}) with seed ${FUZZ_SEED}: replay with FUZZ_SEED=${FUZZ_SEED}`,
      );
      process.on('unhandledRejection', onUnhandled);
      // No background worker: its writes (a back-in-stock fan-out) would race the write counter.
      t = await buildTestApp({}, { jobs: { poll: false } });
      w = await createFuzzWorld(t);
      watch = await installDbWatch(t.database.db, t.config.dataDir);
    });
    afterAll(async () => {
      process.off('unhandledRejection', onUnhandled);
      const total = figures.reduce((sum, f) => sum + f.requests, 0);
      const ms = figures.reduce((sum, f) => sum + f.ms, 0);
      const cpuMs = figures.reduce((sum, f) => sum + f.cpuMs, 0);
      console.warn(
        `fuzzing ${group} (${testDriver}): ${total} requests over ${figures.length} routes in ` +
          `${(ms / 1000).toFixed(1)} s (${(cpuMs / 1000).toFixed(1)} s CPU)`,
      );
      reportFigures(testDriver, group, figures);
      await t?.close();
    });

    if (group === 'forms') {
      it('fuzzes every API route with an input; the others are listed as having none', () => {
        const served = apiRoutes(t.app.routeTable);
        const fuzzed = new Set<string>([...FUZZ_TARGETS.map((x) => x.route), ...NOTHING_TO_FUZZ]);
        expect(served.filter((route) => !fuzzed.has(route))).toEqual([]);
        expect([...fuzzed].filter((route) => !served.includes(route))).toEqual([]);
        expect(NOTHING_TO_FUZZ.filter((route) => route.includes('/:'))).toEqual([]);
      });
    }

    it.each(targets)(
      '$route',
      async (target) => {
        const stats = await fuzzRoute(target, w, watch, runsFor(target));
        figures.push(stats);
        expect(stats.requests).toBeGreaterThanOrEqual(runsFor(target));
        expect(unhandled).toEqual([]);
      },
      600_000,
    );
  });
}
