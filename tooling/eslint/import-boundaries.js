// @ts-check
/**
 * ARCHITECTURE.md import boundaries as one small ESLint rule: shared ← server, shared ← web, never
 * server ↔ web; in the web app components/lib/config → features → app, and features never import
 * each other. In the server a module reaches another module's data through that module's service,
 * never its repository (decision 0020). Relative specifiers are resolved against the importing
 * file, so the rule sees where an import really points, whatever the number of '../'.
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (p) => path.join(root, p);

/** @type {Array<{ from: string; to: string[]; except?: (importer: string, target: string) => boolean; message: string }>} */
const zones = [
  { from: rel('packages/shared'), to: [rel('apps')], message: 'shared must not depend on an app' },
  { from: rel('apps/server'), to: [rel('apps/web')], message: 'server must not import web code' },
  { from: rel('apps/web'), to: [rel('apps/server')], message: 'web must not import server code' },
  {
    from: rel('apps/web/src/features'),
    to: [rel('apps/web/src/app')],
    message: 'features must not import from app',
  },
  {
    from: rel('apps/web/src/components'),
    to: [rel('apps/web/src/features'), rel('apps/web/src/app')],
    message: 'shared web code must not import features or app',
  },
  {
    from: rel('apps/web/src/lib'),
    to: [rel('apps/web/src/features'), rel('apps/web/src/app')],
    message: 'shared web code must not import features or app',
  },
  {
    from: rel('apps/web/src/config'),
    to: [rel('apps/web/src/features'), rel('apps/web/src/app')],
    message: 'shared web code must not import features or app',
  },
  {
    from: rel('apps/web/src/features'),
    to: [rel('apps/web/src/features')],
    except: (importer, target) => featureOf(importer) === featureOf(target),
    message: 'features must not import each other; compose them in app/',
  },
];

const packageOwners = { '@pharmacy/server': rel('apps/server'), '@pharmacy/web': rel('apps/web') };

function featureOf(file) {
  const features = rel('apps/web/src/features') + path.sep;
  return file.startsWith(features) ? file.slice(features.length).split(path.sep)[0] : undefined;
}

const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);

const serverModules = rel('apps/server/src/modules');

/** The module a server file belongs to, and its path inside that module's folder. */
function moduleOf(file) {
  if (!file.startsWith(serverModules + path.sep)) return undefined;
  const [name, ...rest] = file.slice(serverModules.length + 1).split(path.sep);
  return { name, rest };
}

/**
 * A repository: a file named *repository (orders.repository.ts, repository.ts, with or without
 * its extension in the specifier), a folder named repository or repositories, or a file in one.
 */
const isRepository = (rest) =>
  rest.some((segment) => /repositor(y|ies)$/i.test(segment.replace(/\.[cm]?[jt]sx?$/, '')));

export const CROSS_MODULE_REPOSITORY =
  "a module reaches another module's data through its service, never its repository";

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'Enforce the import boundaries of ARCHITECTURE.md' },
  },
  create(context) {
    const importer = context.filename;
    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      let target;
      if (specifier.startsWith('.')) target = path.resolve(path.dirname(importer), specifier);
      else {
        const owner = Object.entries(packageOwners).find(
          ([name]) => specifier === name || specifier.startsWith(`${name}/`),
        );
        if (!owner) return;
        target = owner[1];
      }
      const from = moduleOf(importer);
      const to = moduleOf(target);
      if (from && to && from.name !== to.name && isRepository(to.rest)) {
        context.report({ node, message: `${CROSS_MODULE_REPOSITORY} (${specifier})` });
        return;
      }
      for (const zone of zones) {
        if (!inside(importer, zone.from)) continue;
        if (!zone.to.some((dir) => inside(target, dir))) continue;
        if (zone.except?.(importer, target)) continue;
        context.report({ node, message: `${zone.message} (${specifier})` });
        return;
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
      // `import x = require('…')` and a type written `import('…').Row`.
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' &&
        check(node.moduleReference.expression, node.moduleReference.expression.value),
      TSImportType: (node) => node.source && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
