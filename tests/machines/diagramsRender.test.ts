import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANY_STATE, mermaidOf } from '../../src/machines/diagram';
import { MACHINES } from '../../src/machines/registry';
import { STATUS_CHARTS } from '../../src/machines/statusCharts';
import { chromiumPath } from '../e2e/chromium';
import { compositesAround, nestedExample } from './mermaidTree';

/**
 * The diagrams as an analyst sees them: each one drawn by Mermaid itself in Debian's Chromium.
 * Mermaid draws a composite state's box apart from the states in it, so "inside" is geometric:
 * each state's box must lie within the boxes of all its composite ancestors and of no other
 * composite. Arrow labels must not cover each other or a state.
 */

const executablePath = chromiumPath();
// Outside CI a machine without Chromium skips this file (and says so); in CI it must run.
const skip = !executablePath && process.env.CI !== 'true';
if (skip) console.warn('diagramsRender: Chromium not found (CHROMIUM_PATH or /usr/bin/chromium): skipped');

interface Drawn {
  /** State id → the ids of the composite boxes its box lies within. */
  inside: Record<string, string[]>;
  /** Pairs of arrow labels, or of a label and a state, whose boxes overlap. */
  overlaps: string[];
}

/** Runs in the page: renders `text` with the page's mermaid and measures the SVG. */
async function measure(page: Page, text: string, n: number): Promise<Drawn> {
  return page.evaluate(
    async ({ text, svgId }) => {
      const { mermaid } = window as unknown as {
        mermaid: { render: (id: string, text: string) => Promise<{ svg: string }> };
      };
      const { svg } = await mermaid.render(svgId, text);
      const host = document.createElement('div');
      host.innerHTML = svg;
      document.body.replaceChildren(host);
      const stateId = (g: Element) => g.id.replace(new RegExp(`^${svgId}-state-`), '').replace(/-\d+$/, '');
      const box = (g: Element) => g.getBoundingClientRect();
      const within = (a: DOMRect, b: DOMRect) =>
        a.left >= b.left - 0.5 &&
        a.right <= b.right + 0.5 &&
        a.top >= b.top - 0.5 &&
        a.bottom <= b.bottom + 0.5;
      const hit = (a: DOMRect, b: DOMRect) =>
        a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      const clusters = [...host.querySelectorAll('g.statediagram-cluster')].map((g) => ({
        id: stateId(g),
        r: box(g),
      }));
      const states = [...host.querySelectorAll('g.node.statediagram-state')].map((g) => ({
        id: stateId(g),
        r: box(g),
      }));
      const inside: Record<string, string[]> = {};
      for (const s of [...states, ...clusters]) {
        inside[s.id] = clusters.filter((c) => c.id !== s.id && within(s.r, c.r)).map((c) => c.id);
      }
      const labels = [...host.querySelectorAll('g.edgeLabel')]
        .filter((g) => g.textContent?.trim())
        .map((g) => ({ id: `label "${g.textContent!.trim()}"`, r: box(g) }));
      const overlaps: string[] = [];
      labels.forEach((a, i) => {
        for (const b of [...labels.slice(i + 1), ...states])
          if (hit(a.r, b.r)) overlaps.push(`${a.id} × ${b.id}`);
      });
      return { inside, overlaps };
    },
    { text, svgId: `chart${n}` },
  );
}

/** Mermaid's browser bundle: a pinned devDependency, so missing means the install is stale. */
function mermaidBundle(): string | null {
  try {
    return createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
  } catch {
    return null;
  }
}
const mermaidScript = mermaidBundle();

describe.skipIf(skip)('each diagram, drawn by Mermaid in Chromium', () => {
  let browser: Browser;
  let page: Page;

  it('mermaid is installed (a devDependency: run npm ci)', () => {
    expect(mermaidScript).not.toBeNull();
  });

  beforeAll(async () => {
    if (!mermaidScript) return;
    browser = await chromium.launch({ executablePath: executablePath ?? '/usr/bin/chromium' });
    page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: mermaidScript });
    await page.evaluate(() =>
      (window as unknown as { mermaid: { initialize: (c: object) => void } }).mermaid.initialize({
        startOnLoad: false,
      }),
    );
  });

  afterAll(async () => {
    await browser?.close();
  });

  [...MACHINES, ...STATUS_CHARTS, { name: 'nested example', machine: nestedExample }].forEach(
    ({ name, machine }, n) => {
      it.skipIf(!mermaidScript)(
        `${name}: every state is drawn inside its parent's box and no other; no label covers another`,
        async () => {
          const drawn = await measure(page, mermaidOf(machine), n);
          const expected = compositesAround(machine);
          const { [ANY_STATE]: anyState, ...states } = drawn.inside;
          expect(Object.keys(states).sort()).toEqual(Object.keys(expected).sort());
          for (const [id, around] of Object.entries(expected))
            expect(states[id].sort(), id).toEqual(around.sort());
          if (anyState) expect(anyState).toEqual([]);
          expect(drawn.overlaps).toEqual([]);
        },
      );
    },
  );
});
