// Once per `vitest run` (vitest.config.ts globalSetup): migrates one database and hands it to every test file, which
// copies it instead of migrating its own (README "Tests"). Removed again when the run ends.
import type { TestProject } from 'vitest/node';
import { prepareMigratedTemplate } from '../fixtures/app.js';

export default async function setup(project: TestProject) {
  const { template, remove } = await prepareMigratedTemplate();
  project.provide('migratedTemplate', template);
  return remove;
}
