import {
  VictoryAxis,
  VictoryBar,
  VictoryChart,
  VictoryContainer,
  VictoryGroup,
  VictoryLegend,
  VictoryLine,
  VictoryTheme,
} from 'victory';
import { useLocale, useT } from '../../app/i18n';
import { catalogueOf } from '../../contract/locale';
import type { MessageKey } from '../../i18n/translator';
import { valueFormat, valueTicks, type ChartSeries } from './chartScale';

export type { ChartPoint, ChartSeries } from './chartScale';

/** Series colours (Chakra's blue, teal, orange, purple, pink), in series order. */
const COLOURS = ['#3182ce', '#319795', '#dd6b20', '#805ad5', '#d53f8c'];

export interface ChartProps {
  kind: 'bar' | 'line';
  /** i18n key of the chart's accessible name. */
  titleKey: MessageKey;
  series: readonly ChartSeries[];
  /** Values are minor units of this currency (the axis reads "¥1,200", "$12.00"); counts without. */
  currency?: string;
  /** How an x value reads (a day, a month); as it is when absent. */
  formatX?: (x: string | number) => string;
  /** Drawing height in SVG units; the width follows the container (responsive). */
  height?: number;
}

/**
 * The console's one chart (victory), for the dashboard and the reports: bars or lines of
 * typed series, a money-aware value axis, labels from the catalogues. The SVG scales to its
 * container's width.
 */
export function Chart({ kind, titleKey, series, currency, formatX, height = 280 }: ChartProps) {
  const t = useT();
  const format = valueFormat(currency, catalogueOf(useLocale()));
  const colours = series.map((_, i) => COLOURS[i % COLOURS.length]);
  const data = (s: ChartSeries) => s.points.map((p) => ({ x: p.x, y: p.y }));
  return (
    <div role="figure" aria-label={t(titleKey)} style={{ width: '100%' }}>
      <VictoryChart
        theme={VictoryTheme.clean}
        height={height}
        width={640}
        domainPadding={{ x: kind === 'bar' ? 24 : 8 }}
        padding={{ top: series.length > 1 ? 40 : 16, bottom: 40, left: 80, right: 16 }}
        // The drawing's own name (svg-img-alt); its numbers are in a table beside it.
        containerComponent={<VictoryContainer title={t(titleKey)} />}
      >
        {series.length > 1 && (
          <VictoryLegend
            x={80}
            y={0}
            orientation="horizontal"
            gutter={16}
            colorScale={colours}
            data={series.map((s) => ({ name: t(s.labelKey) }))}
          />
        )}
        <VictoryAxis
          fixLabelOverlap
          tickFormat={(x: string | number) => (formatX ? formatX(x) : String(x))}
        />
        <VictoryAxis dependentAxis tickValues={valueTicks(series)} tickFormat={(v: number) => format(v)} />
        {kind === 'bar' ? (
          <VictoryGroup offset={series.length > 1 ? 12 : 0} colorScale={colours}>
            {series.map((s) => (
              <VictoryBar key={s.key} name={s.key} data={data(s)} barWidth={series.length > 1 ? 10 : 16} />
            ))}
          </VictoryGroup>
        ) : (
          series.map((s, i) => (
            <VictoryLine key={s.key} name={s.key} data={data(s)} style={{ data: { stroke: colours[i] } }} />
          ))
        )}
      </VictoryChart>
    </div>
  );
}
