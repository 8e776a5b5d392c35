import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../src/app/i18n';
import { Chart, type ChartSeries } from '../../src/components/charts/Chart';
import { valueFormat, valueTicks } from '../../src/components/charts/chartScale';

const paid: ChartSeries = {
  key: 'paid',
  labelKey: 'menu.transactionHistory',
  points: [
    { x: '11-01', y: 120_000 },
    { x: '11-02', y: 45_050 },
  ],
};
const refunded: ChartSeries = {
  key: 'refunded',
  labelKey: 'menu.refundHistory',
  points: [
    { x: '11-01', y: 2_000 },
    { x: '11-02', y: 0 },
  ],
};

const render = (props: Parameters<typeof Chart>[0]) =>
  renderToStaticMarkup(createElement(I18nProvider, { locale: 'en', children: createElement(Chart, props) }));

describe('Chart', () => {
  it('reads the value axis as money of the currency, from integer minor units', () => {
    expect(valueFormat('USD')(120_000)).toBe('$1,200.00');
    expect(valueFormat('JPY')(120_000)).toBe('120,000円');
    expect(valueFormat(undefined)(1200)).toBe('1,200');
    expect(valueFormat('JPY', 'en')(120_000)).toBe('¥120,000');
    expect(valueFormat('JPY', 'zh-cn')(120_000)).toBe('120,000日元');
    const ticks = valueTicks([paid, refunded]);
    expect(ticks[0]).toBe(0);
    expect(ticks.every(Number.isInteger)).toBe(true);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(120_000);
    expect(valueTicks([])).toEqual([0]);
    // A net below zero (more refunded than paid that day): the axis reaches under 0, still through 0.
    const net = valueTicks([
      {
        key: 'net',
        labelKey: 'reports.columns.net',
        points: [
          { x: 'a', y: -3_000 },
          { x: 'b', y: 9_000 },
        ],
      },
    ]);
    expect(net[0]).toBeLessThanOrEqual(-3_000);
    expect(net).toContain(0);
    expect(net[net.length - 1]).toBeGreaterThanOrEqual(9_000);
  });

  it('draws bars of two series with a legend in the reader language and money ticks', () => {
    const html = render({ kind: 'bar', titleKey: 'menu.report', series: [paid, refunded], currency: 'USD' });
    expect(html).toContain('role="figure"');
    expect(html).toContain('aria-label="Reports"');
    expect(html).toContain('viewBox="0 0 640 280"');
    expect(html).toContain('Transaction history');
    expect(html).toContain('Refund history');
    expect(html).toContain('$1,200.00');
    expect(html).toContain('11-02');
  });

  it('writes a yen axis as the reader language does', () => {
    const html = render({ kind: 'bar', titleKey: 'menu.report', series: [paid], currency: 'JPY' });
    expect(html).toContain('¥120,000');
    expect(html).not.toContain('円');
  });

  it('draws a line of counts without a legend for one series', () => {
    const html = render({
      kind: 'line',
      titleKey: 'menu.report',
      series: [refunded],
      formatX: (x) => `Nov ${x}`,
    });
    expect(html).toContain('Nov 11-01');
    expect(html).not.toContain('Refund history');
    expect(html).toContain('2,000');
  });
});
