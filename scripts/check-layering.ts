// The transitive half of the layering rules (`npm run lint` runs it after ESLint). ESLint's
// no-restricted-imports sees one file's own imports; this follows every runtime import from
// components/ and hooks/ through lib/ and fails when UI code reaches the database or server
// secrets by way of a helper, e.g. a component importing a pure function from a module that
// also imports lib/db.ts. Type-only imports are erased by the compiler and are not followed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const UI_ROOTS = ['components', 'hooks'];

/** What UI code must never load, directly or through another module, with the reason. */
const FORBIDDEN: { test: (target: string) => boolean; why: string }[] = [
  { test: (t) => t === 'lib/db.ts' || t.startsWith('lib/generated/'), why: 'the Prisma client' },
  { test: (t) => t === 'pkg:pg' || t.startsWith('pkg:pg/') || t.startsWith('pkg:@prisma/'), why: 'the database driver' },
  { test: (t) => t === 'lib/env.ts', why: 'the server configuration and its secrets' },
];

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** A repository-relative file path, or `pkg:<name>` for a package. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(path.join(root, from)), specifier);
  else return `pkg:${specifier}`;
  if (/\.(ts|tsx)$/.test(base) && existsSync(base)) return path.relative(root, base);
  for (const ext of EXTENSIONS) {
    if (existsSync(base + ext) && statSync(base + ext).isFile()) return path.relative(root, base + ext);
  }
  return null; // JSON, CSS and generated files outside the tree: nothing to follow
}

/** The specifiers a file loads at run time: type-only imports and exports are skipped. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

const edges = new Map<string, string[]>();
function importsOf(file: string): string[] {
  let list = edges.get(file);
  if (!list) {
    list = runtimeImports(file).flatMap((s) => resolveImport(file, s) ?? []);
    edges.set(file, list);
  }
  return list;
}

/** The first chain of imports from `start` to a forbidden module, if any. */
function forbiddenChain(start: string): { chain: string[]; why: string } | null {
  const seen = new Set([start]);
  const queue: string[][] = [[start]];
  while (queue.length) {
    const chain = queue.shift()!;
    for (const target of importsOf(chain[chain.length - 1])) {
      const rule = FORBIDDEN.find((f) => f.test(target));
      if (rule) return { chain: [...chain, target.replace(/^pkg:/, '')], why: rule.why };
      if (target.startsWith('pkg:') || seen.has(target)) continue;
      seen.add(target);
      queue.push([...chain, target]);
    }
  }
  return null;
}

const started = performance.now();
const files = UI_ROOTS.flatMap(sourceFiles);
const problems = files.flatMap((file) => {
  const found = forbiddenChain(file);
  return found ? [`${file} loads ${found.why}:\n    ${found.chain.join('\n      -> ')}`] : [];
});
const took = `${files.length} UI files, ${edges.size} modules followed in ${((performance.now() - started) / 1000).toFixed(1)} s`;
if (problems.length) {
  console.error(`UI code must not load server-only modules, even through a helper (move the pure part into its own lib/ module):\n\n${problems.join('\n\n')}\n\n${problems.length} problem(s); ${took}`);
  process.exit(1);
}
console.log(`layering: ok (${took})`);
