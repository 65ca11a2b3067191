import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries as the repository's own lint configuration enforces them (decision
 * 0020): each case is linted with eslint.config.js as a file at the path it names, so taking the
 * rule out of the configuration, or the check out of the rule, fails here. The files need not
 * exist: the rule resolves each specifier against the importing file's path.
 */
const root = path.resolve(import.meta.dirname, '../..');
const RULE = 'local/import-boundaries';
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The import-boundaries messages for `code` linted as the file at `file`. */
async function boundaryMessages(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE);
}

const SERVICE = 'apps/server/src/modules/promotions/promotions.service.ts';

describe('server modules keep to their rooms', () => {
  it.each([
    ['a value import', "import { takeUse } from '../coupons/coupons.repository';\ntakeUse();\n"],
    [
      'a type-only import',
      "import type { CouponRecord } from '../coupons/coupons.repository';\nexport type C = CouponRecord;\n",
    ],
    ['a re-export', "export { takeUse } from '../coupons/coupons.repository';\n"],
    ['with its extension', "export * from '../coupons/coupons.repository.ts';\n"],
    ['a plain repository.ts', "export * from '../orders/repository';\n"],
    ['a repository folder', "export * from '../catalog/repository/products';\n"],
    ['a dynamic import', "export const load = () => import('../coupons/coupons.repository');\n"],
    [
      'a type written as import()',
      "export type C = import('../coupons/coupons.repository').CouponRecord;\n",
    ],
  ])("another module's repository is refused: %s", async (_case, code) => {
    const messages = await boundaryMessages(SERVICE, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain(
      "a module reaches another module's data through its service, never its repository",
    );
  });

  it('a file deeper in a module is held to the same rule', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/orders/steps/place.ts',
      "import type { CouponRecord } from '../../coupons/coupons.repository';\nexport type C = CouponRecord;\n",
    );
    expect(messages).toHaveLength(1);
  });

  it.each([
    ["its own module's repository", "import * as repository from './promotions.repository';\n"],
    ["another module's service", "import { couponTerms } from '../coupons/coupons.service';\n"],
    ['the shared database code', "import type { DbOrTx } from '../../db/client';\n"],
  ])('%s is allowed', async (_case, code) => {
    expect(await boundaryMessages(SERVICE, `${code}export {};\n`)).toEqual([]);
  });

  it('code outside the modules (the wiring, the tests) is not a module', async () => {
    const code = "import { setUserRole } from '../../src/modules/users/users.repository';\n";
    const messages = await boundaryMessages('apps/server/test/security/tokens.test.ts', code);
    expect(messages).toEqual([]);
  });
});

describe('the web app and the packages', () => {
  it('a feature may not import another feature', async () => {
    const messages = await boundaryMessages(
      'apps/web/src/features/cart/components/cart-page.tsx',
      "import { ProductCard } from '../../catalog/components/product-card';\nexport const A = ProductCard;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toContain('features must not import each other');
  });

  it('a feature may import from itself and from shared web code', async () => {
    const messages = await boundaryMessages(
      'apps/web/src/features/cart/components/cart-page.tsx',
      "import { x } from '../api/get-cart';\nimport { y } from '../../../lib/auth';\nexport const A = [x, y];\n",
    );
    expect(messages).toEqual([]);
  });

  it('the server may not import web code, nor shared an app', async () => {
    expect(
      await boundaryMessages(
        'apps/server/src/app.ts',
        "import { x } from '../../web/src/lib/auth';\nexport const A = x;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryMessages(
        'packages/shared/src/index.ts',
        "import { x } from '@pharmacy/server';\nexport const A = x;\n",
      ),
    ).toHaveLength(1);
  });
});
