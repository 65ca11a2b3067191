import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** scripts/check-cycles.mjs (npm run check:cycles, decision 0020) on folders made for it. */
const root = path.resolve(import.meta.dirname, '../..');
const check = (folder: string) =>
  spawnSync('node', ['scripts/check-cycles.mjs', folder], { cwd: root, encoding: 'utf8' });

describe('the import-cycle check', () => {
  it('fails on a cycle, type-only imports included, and names its files', () => {
    const result = check('tooling/cycles/fixtures/cycle');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('tooling/cycles/fixtures/cycle/a.ts');
    expect(result.stderr).toContain('tooling/cycles/fixtures/cycle/b.ts');
  });

  it('passes files whose imports go one way', () => {
    const result = check('tooling/cycles/fixtures/acyclic');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('No import cycle in 2 files');
  });
});
