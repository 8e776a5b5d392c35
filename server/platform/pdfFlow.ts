import type { Color, PDFDocument, PDFPage } from 'pdf-lib';
import type { TextStyle, Typesetter } from './pdfText';

/**
 * Content flowing down the pages of a document: rows of side-by-side cells, each a stack of
 * wrapped paragraphs. A row that does not fit what is left of a page starts the next page; one
 * taller than a whole page is broken between its lines. Nothing is drawn outside the margins.
 */
export const A4: [number, number] = [595.28, 841.89];

export interface Paragraph {
  text: string;
  style: TextStyle;
}

export interface Cell {
  width: number;
  align?: 'start' | 'end';
  paragraphs: Paragraph[];
}

export interface RowOptions {
  /** Inside each cell, all sides. */
  padding?: number;
  fill?: Color;
  /** A line under the row. */
  rule?: Color;
}

/**
 * What a document is made of, top to bottom: rows, vertical space, and blocks kept on one page
 * (a heading with its table) unless they are taller than a page.
 */
export type FlowItem = { row: Cell[]; options?: RowOptions } | { gap: number } | { together: FlowItem[] };

/** Every text of a document's items (to choose and subset its fonts before it is drawn). */
export const textsOf = (items: readonly FlowItem[]): string[] =>
  items.flatMap((i) =>
    'row' in i
      ? i.row.flatMap((c) => c.paragraphs.map((p) => p.text))
      : 'together' in i
        ? textsOf(i.together)
        : [],
  );

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The width between the side margins, what a full-width row fills. */
export const contentWidth = (margins: Margins, size: [number, number] = A4) =>
  size[0] - margins.left - margins.right;

/** Line height as a multiple of the font size (CJK text wants more room than Latin). */
const LEADING = 1.45;
/** From a line's top to its baseline, in font sizes: half the leading, then the ascent. */
const BASELINE = (LEADING - 1) / 2 + 0.88;

/** How far down laid-out lines reach, with the cells' padding below them. */
const depthOf = (lines: Line[], padding: number) =>
  Math.max(0, ...lines.map((l) => l.dy + l.height)) + padding;

interface Line {
  text: string;
  style: TextStyle;
  x: number;
  /** From the row's top to the line's top. */
  dy: number;
  height: number;
}

export class PdfFlow {
  readonly pages: PDFPage[] = [];
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly text: Typesetter,
    private readonly margins: Margins,
    private readonly size: [number, number] = A4,
  ) {
    this.newPage();
  }

  private get page(): PDFPage {
    return this.pages[this.pages.length - 1];
  }

  newPage(): void {
    this.pages.push(this.doc.addPage(this.size));
    this.y = this.size[1] - this.margins.top;
  }

  gap(height: number): void {
    this.y = Math.max(this.y - height, this.margins.bottom);
  }

  add(items: readonly FlowItem[]): void {
    for (const item of items)
      if ('row' in item) this.row(item.row, item.options);
      else if ('gap' in item) this.gap(item.gap);
      else {
        const height = this.heightOf(item.together);
        if (height > this.y - this.margins.bottom && height <= this.fullHeight) this.newPage();
        this.add(item.together);
      }
  }

  private get fullHeight(): number {
    return this.size[1] - this.margins.top - this.margins.bottom;
  }

  private rowHeight(cells: Cell[], padding: number): number {
    return depthOf(this.layOut(cells, padding), padding);
  }

  /** How tall items are drawn on one page (a gap at a page's foot takes less). */
  private heightOf(items: readonly FlowItem[]): number {
    return items.reduce(
      (h, i) =>
        h +
        ('row' in i
          ? this.rowHeight(i.row, i.options?.padding ?? 0)
          : 'gap' in i
            ? i.gap
            : this.heightOf(i.together)),
      0,
    );
  }

  row(cells: Cell[], { padding = 0, fill, rule }: RowOptions = {}): void {
    const lines = this.layOut(cells, padding);
    const height = depthOf(lines, padding);
    if (height > this.y - this.margins.bottom && height <= this.fullHeight) this.newPage();
    const rowWidth = cells.reduce((w, c) => w + c.width, 0);
    if (height <= this.y - this.margins.bottom) {
      if (fill)
        this.page.drawRectangle({
          x: this.margins.left,
          y: this.y - height,
          width: rowWidth,
          height,
          color: fill,
        });
      for (const l of lines) this.drawLine(l, this.y - l.dy);
      this.y -= height;
    } else this.flowAcrossPages(lines);
    if (rule)
      this.page.drawLine({
        start: { x: this.margins.left, y: this.y },
        end: { x: this.margins.left + rowWidth, y: this.y },
        thickness: 0.5,
        color: rule,
      });
  }

  /** Draws `render(page, pages)` at the foot of every page, inside the bottom margin. */
  footer(render: (page: number, pages: number) => Cell[]): void {
    const [bottom, pages] = [this.margins.bottom, this.pages.length];
    this.pages.forEach((page, i) => {
      const lines = this.layOut(render(i + 1, pages), 0);
      const height = depthOf(lines, 0);
      const top = Math.min(bottom - 8, (bottom + height) / 2);
      for (const l of lines) this.drawLine(l, top - l.dy, page);
    });
  }

  private layOut(cells: Cell[], padding: number): Line[] {
    const lines: Line[] = [];
    let x = this.margins.left;
    for (const cell of cells) {
      const inner = cell.width - 2 * padding;
      let dy = padding;
      for (const p of cell.paragraphs)
        for (const text of this.text.wrap(p.text, p.style, inner)) {
          const shift = cell.align === 'end' ? inner - this.text.width(text, p.style) : 0;
          lines.push({ text, style: p.style, x: x + padding + shift, dy, height: p.style.size * LEADING });
          dy += p.style.size * LEADING;
        }
      x += cell.width;
    }
    return lines;
  }

  private drawLine(l: Line, top: number, page = this.page): void {
    this.text.draw(page, l.text, l.x, top - l.style.size * BASELINE, l.style);
  }

  /** A row taller than a page: its lines in order, a new page whenever the next one does not fit. */
  private flowAcrossPages(lines: Line[]): void {
    let shift = 0;
    let bottom = this.y;
    for (const l of [...lines].sort((a, b) => a.dy - b.dy)) {
      if (this.y - (l.dy - shift) - l.height < this.margins.bottom) {
        this.newPage();
        shift = l.dy;
        bottom = this.y;
      }
      this.drawLine(l, this.y - (l.dy - shift));
      bottom = Math.min(bottom, this.y - (l.dy - shift) - l.height);
    }
    this.y = bottom;
  }
}
