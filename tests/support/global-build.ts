import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildForTests } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared production build (see buildForTests), relative to the repository root; "" when no selected file needs it. */
    buildDir: string;
  }
}

/** Test files that start the real server: through the server fixture (useServer), or reading the build with `inject("buildDir")`. */
const USES_BUILD = /\buseServer\(|inject\(\s*["']buildDir["']\s*\)/;

/**
 * Vitest globalSetup: one production build (`npm run build`'s steps) shared by
 * every suite that starts the real server, removed afterwards. Skipped when
 * none of the selected test files needs it (`vitest run app/domain`), and when
 * TEST_BUILD_DIR names a finished build to use instead: `npm run validate`
 * builds once for these suites, the browser tests and the reliability suite.
 */
/** Whether a test file this run selects (the CLI's filters, e.g. `vitest run app/domain`) matches `pattern`. */
export async function someSelectedFile(project: TestProject, pattern: RegExp): Promise<boolean> {
  // Vitest keeps the CLI's file filters on its instance.
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const specifications = await project.vitest.getRelevantTestSpecifications(filters);
  return specifications.some((specification) => pattern.test(fs.readFileSync(specification.moduleId, "utf8")));
}

export default async function setup(project: TestProject) {
  const given = process.env.TEST_BUILD_DIR;
  if (given) {
    if (!fs.existsSync(path.join(given, "server"))) throw new Error(`TEST_BUILD_DIR=${given} holds no production build (npm run build)`);
    project.provide("buildDir", given);
    return;
  }
  if (!(await someSelectedFile(project, USES_BUILD))) {
    project.provide("buildDir", "");
    return;
  }
  const build = buildForTests();
  project.provide("buildDir", build.buildDir);
  return () => build.remove();
}
