// Loading placeholders in the shape of what is coming.
import type { CSSProperties } from 'react';

export function Skeleton({
  width = '100%',
  height = 16,
  round = false,
  style,
}: {
  width?: number | string;
  height?: number | string;
  round?: boolean;
  style?: CSSProperties;
}) {
  return (
    <span
      className="skeleton"
      aria-hidden="true"
      style={{ width, height, borderRadius: round ? '50%' : undefined, ...style }}
    />
  );
}

/** A list-row shaped placeholder: avatar plus two lines. */
export function SkeletonRow() {
  return (
    <div className="row" style={{ padding: '10px 16px' }} aria-hidden="true">
      <Skeleton width={44} height={44} round />
      <div className="stack" style={{ flex: 1, gap: 8 }}>
        <Skeleton width="55%" height={14} />
        <Skeleton width="35%" height={12} />
      </div>
    </div>
  );
}
