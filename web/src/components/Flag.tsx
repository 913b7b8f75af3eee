// Small drawn flags of the eleven countries: flag emoji are letters on Windows and missing on many
// Linux systems, so each flag is a few SVG shapes (simplified, recognisable at 20 px).
import type { ReactNode } from 'react';
import { type Country, isCountry } from '../i18n/countries';

/** Points of a five-pointed star centred on (cx, cy). */
function star(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.4;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(
      `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`,
    );
  }
  return points.join(' ');
}

function stripes(count: number, colors: readonly string[]): ReactNode {
  const h = 20 / count;
  return Array.from({ length: count }, (_, i) => (
    <rect key={i} y={i * h} width="30" height={h + 0.05} fill={colors[i % colors.length]} />
  ));
}

const unionJack = (
  <>
    <rect width="30" height="20" fill="#012169" />
    <path d="M0 0L30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
    <path d="M0 0L30 20M30 0L0 20" stroke="#C8102E" strokeWidth="1.4" />
    <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
    <path d="M15 0v20M0 10h30" stroke="#C8102E" strokeWidth="3.6" />
  </>
);

const trigram = (x: number, y: number, angle: number) => (
  <g transform={`rotate(${angle} ${x} ${y})`} fill="#000">
    <rect x={x - 2.2} y={y - 1.9} width="4.4" height="0.8" />
    <rect x={x - 2.2} y={y - 0.4} width="4.4" height="0.8" />
    <rect x={x - 2.2} y={y + 1.1} width="4.4" height="0.8" />
  </g>
);

const mapleLeaf =
  'M15 3.5l1.2 2.3 1.4-.6-.4 3 2-1.4.4 1.2 1.4-.4-.8 2.6.8.4-2.8 2.2.4 1-3.2-.4.1 3.1h-1l.1-3.1-3.2.4.4-1L9 10.6l.8-.4L9 7.6l1.4.4.4-1.2 2 1.4-.4-3 1.4.6z';

const FLAGS: Record<Country, ReactNode> = {
  Britain: unionJack,
  Japan: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="6" fill="#BC002D" />
    </>
  ),
  'South Korea': (
    <>
      <rect width="30" height="20" fill="#fff" />
      <g transform="rotate(33.7 15 10)">
        <path d="M10 10a5 5 0 0 1 10 0z" fill="#CD2E3A" />
        <path d="M10 10a5 5 0 0 0 10 0z" fill="#0047A0" />
        <circle cx="12.5" cy="10" r="2.5" fill="#CD2E3A" />
        <circle cx="17.5" cy="10" r="2.5" fill="#0047A0" />
      </g>
      {trigram(6, 4, 33.7)}
      {trigram(24, 16, 33.7)}
      {trigram(24, 4, -33.7)}
      {trigram(6, 16, -33.7)}
    </>
  ),
  Germany: stripes(3, ['#000', '#DD0000', '#FFCE00']),
  Russia: stripes(3, ['#fff', '#0039A6', '#D52B1E']),
  Spain: (
    <>
      <rect width="30" height="20" fill="#AA151B" />
      <rect y="5" width="30" height="10" fill="#F1BF00" />
    </>
  ),
  America: (
    <>
      {stripes(13, ['#B22234', '#fff'])}
      <rect width="13" height="10.77" fill="#3C3B6E" />
      <g fill="#fff">
        {[1.6, 4, 6.4, 8.8, 11.2].flatMap((x) =>
          [1.8, 4.2, 6.6, 9].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="0.55" />),
        )}
      </g>
    </>
  ),
  Australia: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <svg width="15" height="10" viewBox="0 0 30 20">
        {unionJack}
      </svg>
      <g fill="#fff">
        <polygon points={star(7.5, 15, 2.6)} />
        <polygon points={star(22.5, 4, 1.2)} />
        <polygon points={star(19, 9, 1.2)} />
        <polygon points={star(25.5, 8, 1.2)} />
        <polygon points={star(22.5, 16.5, 1.3)} />
        <polygon points={star(23.8, 11, 0.7)} />
      </g>
    </>
  ),
  Singapore: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="30" height="10" fill="#EF3340" />
      <circle cx="6.2" cy="5" r="3.4" fill="#fff" />
      <circle cx="7.6" cy="5" r="3.2" fill="#EF3340" />
      <g fill="#fff">
        <polygon points={star(9.2, 2.8, 0.8)} />
        <polygon points={star(7.4, 4.2, 0.8)} />
        <polygon points={star(11, 4.2, 0.8)} />
        <polygon points={star(8.1, 6.4, 0.8)} />
        <polygon points={star(10.3, 6.4, 0.8)} />
      </g>
    </>
  ),
  Malaysia: (
    <>
      {stripes(14, ['#CC0001', '#fff'])}
      <rect width="15" height="11.43" fill="#010066" />
      <circle cx="6" cy="5.7" r="3.8" fill="#FFCC00" />
      <circle cx="7.3" cy="5.7" r="3.3" fill="#010066" />
      <polygon points={star(11.3, 5.7, 2.6)} fill="#FFCC00" />
    </>
  ),
  Canada: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="7.5" height="20" fill="#D52B1E" />
      <rect x="22.5" width="7.5" height="20" fill="#D52B1E" />
      <path d={mapleLeaf} fill="#D52B1E" />
    </>
  ),
};

/** The flag of one of the eleven countries; nothing for any other value. */
export function Flag({ country, height = 14 }: { country: string; height?: number }) {
  if (!isCountry(country)) return null;
  return (
    <svg
      className="flag"
      width={(height * 3) / 2}
      height={height}
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
    >
      {FLAGS[country]}
    </svg>
  );
}
