import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";

import { cn, mergeClasses } from "@/lib/utils";

/**
 * cn() only runs tailwind-merge when two or more inputs contribute classes (a component's defaults and the caller's
 * className); a single class list is used as written. So no authored list may contain utilities that override each
 * other. Checked here over every className="…", every string literal given to cn(), and every base + variants
 * combination of each cva() definition under components/ and app/ — except buttonVariants, whose sizes override
 * its base on purpose and which is always merged (mergeClasses in components/ui/button.tsx).
 */
const ROOT = path.resolve(__dirname, "../../..");
const ALWAYS_MERGED_CVA = new Set(["buttonVariants"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

type Found = { where: string; classes: string };

/** The class strings an expression can produce: literals, both branches of a ?:, the right side of &&. */
function literal(node: ts.Node | undefined): string[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) return literal(node.expression);
  if (ts.isConditionalExpression(node)) return [...literal(node.whenTrue), ...literal(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return literal(node.right);
  return [];
}

function properties(node: ts.Node | undefined): ts.PropertyAssignment[] {
  if (!node || !ts.isObjectLiteralExpression(node)) return [];
  return node.properties.filter((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p));
}

/** Base + one value per variant key, for every combination (a few keys with a few values each). */
function cvaCombinations(call: ts.CallExpression): string[] {
  const base = literal(call.arguments[0])[0] ?? "";
  const variants = properties(call.arguments[1]).find((p) => p.name.getText() === "variants");
  const groups = properties(variants?.initializer).map((group) =>
    properties(group.initializer).flatMap((v) => literal(v.initializer)),
  );
  return groups.reduce<string[]>(
    (acc, values) => acc.flatMap((a) => (values.length ? values.map((v) => `${a} ${v}`) : [a])),
    [base],
  );
}

function collect(): Found[] {
  const out: Found[] = [];
  for (const file of [
    ...sourceFiles(path.join(ROOT, "components")),
    ...sourceFiles(path.join(ROOT, "app")),
  ]) {
    const src = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const rel = path.relative(ROOT, file);
    const visit = (node: ts.Node) => {
      const where = () => `${rel}:${src.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      if (ts.isJsxAttribute(node) && node.name.getText() === "className" && node.initializer)
        for (const s of literal(node.initializer)) out.push({ where: where(), classes: s });
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        if (node.expression.text === "cn")
          for (const a of node.arguments)
            for (const s of literal(a)) out.push({ where: where(), classes: s });
        const owner = ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : "";
        if (node.expression.text === "cva" && !ALWAYS_MERGED_CVA.has(owner))
          for (const s of cvaCombinations(node)) out.push({ where: where(), classes: s });
      }
      ts.forEachChild(node, visit);
    };
    visit(src);
  }
  return out;
}

const normal = (s: string) => s.trim().split(/\s+/).filter(Boolean).join(" ");

describe("authored class lists", () => {
  const found = collect();

  it("are found (the scan reads the components)", () => {
    expect(found.length).toBeGreaterThan(300);
    expect(found.some((f) => f.where.startsWith("components/ui/badge.tsx"))).toBe(true);
  });

  it("contain no utilities that override each other, so cn() may use them unmerged", () => {
    const conflicting = found
      .filter((f) => twMerge(f.classes) !== normal(f.classes))
      .map((f) => `${f.where}: "${normal(f.classes)}" → "${twMerge(f.classes)}"`);
    expect(conflicting).toEqual([]);
  });
});

describe("cn and mergeClasses", () => {
  it("cn lets the caller's className override a component's defaults", () => {
    expect(cn("h-9 px-3 text-sm", "h-8 px-2")).toBe("text-sm h-8 px-2");
    expect(cn("w-fit", undefined, false, "w-full")).toBe("w-full");
  });

  it("cn returns a single class list as written, dropping falsy inputs", () => {
    expect(cn("rounded-md border px-2", false, null, undefined)).toBe("rounded-md border px-2");
    expect(cn(["a", { b: true, c: false }])).toBe("a b");
  });

  it("mergeClasses resolves overrides inside one list (a cva base and its size)", () => {
    expect(mergeClasses("gap-2 text-sm h-8 gap-1.5 text-[13px]")).toBe("h-8 gap-1.5 text-[13px]");
  });
});
