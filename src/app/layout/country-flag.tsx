import type { CountryCode } from '../../lib/shared/countries';

/** Drawn flags: Windows shows flag emoji as bare letters, and some phones lack the emoji font. */
const STRIPES: Record<CountryCode, { direction: 'rows' | 'columns'; bands: [string, number][] }> = {
  co: {
    direction: 'rows',
    bands: [
      ['#fcd116', 2],
      ['#003893', 1],
      ['#ce1126', 1],
    ],
  },
  mx: {
    direction: 'columns',
    bands: [
      ['#006847', 1],
      ['#ffffff', 1],
      ['#ce1126', 1],
    ],
  },
  pe: {
    direction: 'columns',
    bands: [
      ['#d91023', 1],
      ['#ffffff', 1],
      ['#d91023', 1],
    ],
  },
};

const WIDTH = 24;
const HEIGHT = 16;

export function CountryFlag({ country }: { country: CountryCode }) {
  const { direction, bands } = STRIPES[country];
  const total = bands.reduce((sum, [, weight]) => sum + weight, 0);
  const length = direction === 'rows' ? HEIGHT : WIDTH;
  const stripes = bands.map(([color, weight], index) => {
    const before = bands.slice(0, index).reduce((sum, [, previous]) => sum + previous, 0);
    return { color, start: (length * before) / total, size: (length * weight) / total };
  });
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} aria-hidden="true" className="country-flag">
      {stripes.map(({ color, start, size }) =>
        direction === 'rows' ? (
          <rect key={start} x={0} y={start} width={WIDTH} height={size} fill={color} />
        ) : (
          <rect key={start} x={start} y={0} width={size} height={HEIGHT} fill={color} />
        ),
      )}
      {country === 'mx' && <circle cx={WIDTH / 2} cy={HEIGHT / 2} r={2.2} fill="#8c5a2b" />}
      <rect x={0.5} y={0.5} width={WIDTH - 1} height={HEIGHT - 1} fill="none" stroke="rgb(0 0 0 / 15%)" />
    </svg>
  );
}
