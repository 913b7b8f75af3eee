// ESLint rule `amora/layers`: imports go app -> pages -> features -> shared (components, lib,
// i18n), never upward, and a feature never imports another feature.
import path from 'node:path';

const RANK = { shared: 0, features: 1, pages: 2, app: 3 };
const SHARED = new Set(['components', 'lib', 'i18n']);

function layerOf(srcDir, file) {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, second] = rel.split(path.sep);
  if (top === 'app' || top === 'pages') return { layer: top };
  if (top === 'features') return { layer: 'features', feature: second };
  if (SHARED.has(top)) return { layer: 'shared' };
  return null;
}

export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep the app -> pages -> features -> shared layering' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } } }],
    messages: {
      upward:
        '{{from}} code may not import from {{to}} (imports go app -> pages -> features -> shared).',
      crossFeature: 'The {{from}} feature may not import from the {{to}} feature.',
    },
  },
  create(context) {
    const srcDir = path.resolve(context.options[0]?.srcDir ?? 'src');
    const file = context.filename;
    const from = layerOf(srcDir, file);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(srcDir, path.resolve(path.dirname(file), source));
      if (!to) return;
      if (RANK[to.layer] > RANK[from.layer]) {
        context.report({ node, messageId: 'upward', data: { from: from.layer, to: to.layer } });
      } else if (
        from.layer === 'features' &&
        to.layer === 'features' &&
        from.feature !== to.feature
      ) {
        context.report({
          node,
          messageId: 'crossFeature',
          data: { from: from.feature, to: to.feature },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { layers } };
