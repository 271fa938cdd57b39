// The sizes a reader has to hold in mind: functions over 80 lines and files over 300, in the product's
// code (shared/, functions/). A function may be longer when a comment directly above it starts with
// "long:" and says why. `npx tsx test/helpers/code-size.ts` prints the figures and each offender;
// test/unit/code-size.test.ts requires that no function is over the limit without its reason.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { ROOT } from "./layers.ts";

export const FUNCTION_LINES = 80;
export const FILE_LINES = 300;
export const CODE_DIRS = ["shared", "functions"];

export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
  /** the "long:" comment above it, when there is one */
  reason: string | null;
}

export function sourceFiles(dirs = CODE_DIRS): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path);
    }
  };
  for (const d of dirs) walk(join(ROOT, d));
  return out.sort();
}

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

/** The statement whose leading comment speaks for the function (a const's, a property's, its own). */
function commentHolder(node: ts.Node): ts.Node {
  let n: ts.Node = node;
  while (
    ts.isVariableDeclaration(n.parent) ||
    ts.isVariableDeclarationList(n.parent) ||
    ts.isVariableStatement(n.parent) ||
    ts.isPropertyAssignment(n.parent) ||
    ts.isPropertyDeclaration(n.parent)
  )
    n = n.parent;
  return n;
}

function longReason(node: ts.Node, text: string): string | null {
  const holder = commentHolder(node);
  const ranges = ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? [];
  for (const r of ranges) {
    const body = text
      .slice(r.pos, r.end)
      .replace(/^\/\*+|\*+\/$|^\/\//g, "")
      .trim();
    const m = /^(?:\*\s*)?long:\s*(.+)/is.exec(body);
    if (m) return m[1]!.trim();
  }
  return null;
}

export function longFunctions(files = sourceFiles(), limit = FUNCTION_LINES): LongFunction[] {
  const out: LongFunction[] = [];
  for (const path of files) {
    const text = readFileSync(path, "utf8");
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && (node as { body?: ts.Node }).body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > limit)
          out.push({
            file: relative(ROOT, path),
            name: nameOf(node),
            line: start + 1,
            lines,
            reason: longReason(node, text),
          });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

export function longFiles(files = sourceFiles(), limit = FILE_LINES): { file: string; lines: number }[] {
  return files
    .map((path) => ({ file: relative(ROOT, path), lines: readFileSync(path, "utf8").split("\n").length }))
    .filter((f) => f.lines > limit)
    .sort((a, b) => b.lines - a.lines);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fns = longFunctions();
  const files = longFiles();
  console.log(
    `functions over ${FUNCTION_LINES} lines: ${fns.length} (${fns.filter((f) => !f.reason).length} without a reason)`,
  );
  for (const f of fns.sort((a, b) => b.lines - a.lines))
    console.log(`  ${f.lines}\t${f.file}:${f.line} ${f.name}${f.reason ? `  — long: ${f.reason}` : ""}`);
  console.log(`files over ${FILE_LINES} lines: ${files.length}`);
  if (process.argv.includes("-v")) for (const f of files) console.log(`  ${f.lines}\t${f.file}`);
}
