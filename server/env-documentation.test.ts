import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envVariableNames, parseEnv } from "~/config/env.server";

const root = path.resolve(import.meta.dirname, "..");

function exampleVariables(): Map<string, string> {
  const lines = fs.readFileSync(path.join(root, ".env.example"), "utf8").split("\n");
  return new Map(
    lines
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

function readmeVariables(): string[] {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"));
  const table = section.slice(0, section.indexOf("\n## ", 1));
  return [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!);
}

describe("configuration documentation", () => {
  it(".env.example lists exactly the variables of the zod schema", () => {
    expect([...exampleVariables().keys()].sort()).toEqual([...envVariableNames].sort());
  });

  it("the README configuration table lists exactly the same variables", () => {
    expect(readmeVariables().sort()).toEqual([...envVariableNames].sort());
  });

  it(".env.example itself is a valid configuration", () => {
    expect(() => parseEnv(Object.fromEntries(exampleVariables()))).not.toThrow();
  });
});
