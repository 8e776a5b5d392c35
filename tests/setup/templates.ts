/**
 * vitest's globalSetup: this run's id and folder for the prepared databases the server suites
 * copy (tests/server/templates.ts), and their removal at the run's end — with any left by a run
 * that was killed hours ago.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropTemplates } from '../server/templates';

const PREFIX = 'kessai-templates-';
const STALE_MS = 3 * 3600_000;

export default function setup(project: TestProject) {
  const id = Date.now().toString(36);
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const dir = path.join(tmpdir(), name);
    if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
  }
  const dir = mkdtempSync(path.join(tmpdir(), PREFIX));
  project.provide('kessaiTemplateRun', id);
  project.provide('kessaiTemplateDir', dir);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) await dropTemplates(adminUrl, id, STALE_MS);
  };
}
