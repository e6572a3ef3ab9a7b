import type { TestProject } from "vitest/node";
import { buildForTests } from "../support/server-process";

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
  }
}

/** One production build for every reliability test; removed afterwards. */
export default function setup(project: TestProject) {
  const build = buildForTests();
  project.provide("buildDir", build.buildDir);
  return () => build.remove();
}
