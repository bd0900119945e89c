import type { TestProject } from "vitest/node";
import { type AppProcess, startAppProcess } from "../support/app-process";
import { chromePath } from "../support/browser";
import { firefoxPath } from "../support/firefox";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let app: AppProcess | undefined;

export async function setup(project: TestProject) {
  // Fail early with the install hint.
  chromePath();
  firefoxPath();
  app = await startAppProcess();
  project.provide("baseUrl", app.url);
}

export async function teardown() {
  await app?.stop();
}
