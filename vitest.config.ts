import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The files that take longest start first, so the last minutes of a run are not one long file
 * on one worker while the others idle. Vitest orders by the durations it cached on this machine
 * and otherwise by file size, and the fuzzing files are a few lines that each run for minutes.
 */
const LONG_FILES = [
  /security\/fuzz-/,
  /reliability\//,
  /jobs\.test/,
  /storage-s3\.test/,
  /server-process\.test/,
];
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((pattern) => pattern.test(file.moduleId));
      return index === -1 ? LONG_FILES.length : index;
    };
    return sorted
      .map((file, position) => ({ file, position }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on this project's 2-core
    // machine. The API tests wait on their database half the time, so scripts/test.mjs asks for
    // more (TEST_WORKERS, decision 0019); a developer's own `npx vitest` gets every core.
    maxWorkers: Number(process.env.TEST_WORKERS) || availableParallelism(),
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The repository's own checks: the import-boundaries lint rule and the cycle check.
        test: {
          name: 'tooling',
          include: ['tooling/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Every file starts from a copy of a database migrated once per run.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup-tests.ts'],
        },
      },
    ],
  },
});
