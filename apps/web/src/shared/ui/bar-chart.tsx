/** A small horizontal bar chart in plain SVG: one chart on the home page needs no chart library. */
export function BarChart({ data, title }: { data: { label: string; value: number }[]; title: string }) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const row = 28;
  return (
    <svg role="img" aria-label={title} viewBox={`0 0 400 ${data.length * row}`} width="100%" style={{ maxWidth: 560 }}>
      {data.map((d, i) => (
        <g key={d.label} transform={`translate(0 ${i * row})`}>
          <text x="0" y="18" fontSize="13" fill="currentColor">
            {d.label}
          </text>
          <rect x="90" y="6" height="16" rx="3" width={(d.value / max) * 260} fill="var(--ant-color-primary, #1658d8)" />
          <text x={96 + (d.value / max) * 260} y="19" fontSize="12" fill="currentColor">
            {d.value}
          </text>
        </g>
      ))}
    </svg>
  );
}
