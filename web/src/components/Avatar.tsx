// A person's round photo, or their initial when there is none.
import { useState } from 'react';

/** A round photo, or the person's initial on the accent tint when there is none. */
export function Avatar({
  src,
  name,
  size = 44,
  alt,
}: {
  src?: string | null | undefined;
  name: string;
  size?: number;
  alt?: string;
}) {
  const [failed, setFailed] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      role={src && !failed ? undefined : 'img'}
      aria-label={src && !failed ? undefined : (alt ?? name)}
    >
      {src && !failed ? (
        <img src={src} alt={alt ?? name} loading="lazy" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
    </span>
  );
}
