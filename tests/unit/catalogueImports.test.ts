import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The console loads one language's catalogue (src/i18n/load.ts). Its code may take types from
 * src/i18n (index), never values: a value import there puts every area's texts in all three
 * languages into the bundle. Run-time helpers come from src/i18n/translator.
 */
const ROOT = path.resolve(__dirname, '../..');
const SRC = path.join(ROOT, 'src');
const I18N = path.join(SRC, 'i18n');
const INDEX = path.join(I18N, 'index');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return full === I18N ? [] : filesUnder(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The value imports (and re-exports) of src/i18n's index in a file's text. */
export function valueImportsOfCatalogues(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const toIndex = (spec: ts.Expression) =>
    ts.isStringLiteral(spec) &&
    spec.text.startsWith('.') &&
    [INDEX, I18N].includes(path.resolve(path.dirname(file), spec.text).replace(/\.tsx?$/, ''));
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && toIndex(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          named &&
          ts.isNamedImports(named) &&
          named.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.getText(source));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && toIndex(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.getText(source));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      toIndex(node.arguments[0])
    ) {
      found.push(node.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the console's catalogue imports", () => {
  it('no file of the console imports a value from src/i18n (index), only types', () => {
    const offending = filesUnder(SRC).flatMap((file) =>
      valueImportsOfCatalogues(file, readFileSync(file, 'utf8')).map(
        (i) => `${path.relative(ROOT, file)}: ${i}`,
      ),
    );
    expect(offending).toEqual([]);
  });

  it('finds a value import, a mixed one, a re-export and a dynamic one, and lets a type import pass', () => {
    const file = path.join(SRC, 'screens', 'x', 'Probe.tsx');
    const text = [
      "import type { MessageKey } from '../../i18n';",
      "import { type Translate } from '../../i18n';",
      "import { textOr } from '../../i18n';",
      "import { textOr as t2, type MessageKey as M } from '../../i18n/index';",
      "export { fieldLabel } from '../../i18n';",
      "const lazy = () => import('../../i18n');",
      "import { useT } from '../../app/i18n';",
      "import { textOr as ok } from '../../i18n/translator';",
    ].join('\n');
    expect(valueImportsOfCatalogues(file, text)).toEqual([
      "import { textOr } from '../../i18n';",
      "import { textOr as t2, type MessageKey as M } from '../../i18n/index';",
      "export { fieldLabel } from '../../i18n';",
      "import('../../i18n')",
    ]);
  });
});
