import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/*
 * The dashboard's charts (recharts), loaded lazily by the dashboard page only: neither the checkout nor the
 * console's other pages carry the library. Each chart is a picture of a table the page shows beside it, so
 * the chart is hidden from assistive technology and never takes the keyboard (no accessibility layer).
 */

/** Bootstrap's colours, each at least 3:1 on white (WCAG 1.4.11 for graphics). */
export const CHART_COLORS = ['#0d6efd', '#198754', '#6f42c1', '#b02a37'] as const;

const AXIS = { fontSize: 12, fill: '#495057' } as const;
const integer = (n: number): string => n.toLocaleString('it-IT');

export interface BarDatum { label: string; value: number }

/** Horizontal bars with their labels on the left: the funnel, the review backlog by age. */
export function HorizontalBars({ data, color = CHART_COLORS[0], labelWidth = 170 }: { data: readonly BarDatum[]; color?: string; labelWidth?: number }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(140, 36 * data.length + 40)} initialDimension={{ width: 600, height: 300 }}>
      <BarChart data={[...data]} layout="vertical" margin={{ top: 4, right: 48, bottom: 4, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke="#dee2e6" />
        <XAxis type="number" allowDecimals={false} tick={AXIS} tickFormatter={integer} />
        <YAxis type="category" dataKey="label" width={labelWidth} tick={AXIS} interval={0} />
        <Bar dataKey="value" fill={color} isAnimationActive={false} label={{ position: 'right', fontSize: 12, fill: '#212529', formatter: (v: unknown) => integer(Number(v)) }} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export interface TrendSeries { key: string; label: string }

/** Lines over the periods: orders created, signed, activated, withdrawn. */
export function TrendLines({ data, series }: { data: ReadonlyArray<Record<string, string | number>>; series: readonly TrendSeries[] }) {
  return (
    <ResponsiveContainer width="100%" height={300} initialDimension={{ width: 600, height: 300 }}>
      <LineChart data={[...data]} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="#dee2e6" />
        <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
        <YAxis allowDecimals={false} tick={AXIS} tickFormatter={integer} width={48} />
        <Tooltip formatter={(v: unknown) => integer(Number(v))} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        {series.map((s, i) => (
          <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={CHART_COLORS[i % CHART_COLORS.length]} strokeWidth={2}
            dot={data.length <= 31} isAnimationActive={false} strokeDasharray={i % 2 === 1 ? '5 3' : undefined} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
