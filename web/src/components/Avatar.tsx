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
  const photo = Boolean(src) && !failed;
  // alt="": decorative (the name is written beside it), so the initial is hidden too.
  const decorative = alt === '';
  return (
    <span
      className="avatar"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      role={photo || decorative ? undefined : 'img'}
      aria-label={photo || decorative ? undefined : (alt ?? name)}
      aria-hidden={!photo && decorative ? true : undefined}
    >
      {photo ? (
        <img
          src={src ?? undefined}
          alt={alt ?? name}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
    </span>
  );
}
