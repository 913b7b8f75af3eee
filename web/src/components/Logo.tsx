// The Amora mark: a heart in the accent gradient.
export function Logo({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="amora-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff8a6b" />
          <stop offset="0.55" stopColor="#f2506b" />
          <stop offset="1" stopColor="#d63a7a" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="url(#amora-logo)" />
      <path
        d="M32 49s-15-9.2-18.6-18.4C11 24 15 17 22 17c4 0 6.8 2.2 10 6 3.2-3.8 6-6 10-6 7 0 11 7 8.6 13.6C47 39.8 32 49 32 49z"
        fill="#fff"
      />
    </svg>
  );
}
