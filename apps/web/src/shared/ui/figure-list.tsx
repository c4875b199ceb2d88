// A row of public figures (the home page's 企业诉求 and 政策兑现 totals): each a label over its value,
// as a description list a screen reader reads in pairs. Its look is the home page's
// (`.home-appeal-figures`, app/pages/home-page.css).
export type Figure = readonly [label: string, value: string | number];

export function FigureList({ figures }: { figures: readonly Figure[] }) {
  return (
    <dl className="home-appeal-figures">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
