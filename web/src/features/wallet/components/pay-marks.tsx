// The marks of the payment methods the payment sheet lists, drawn here as small inline SVGs in
// their own colours (no image requests, nothing a content security policy has to allow).
import type { ReactNode } from 'react';

function Mark({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** The P letter of the PayPal monogram, with its counter cut out. */
const PAYPAL_P =
  'M6.2 21L8.9 3h5.4c3.3 0 5.1 1.8 4.6 4.9-.6 3.6-3.1 5.4-6.6 5.4h-1.7L9.4 21zM11.4 6.2l-.5 3.9h1.7c1.7 0 2.7-.9 2.9-2.2.2-1.1-.4-1.7-1.7-1.7z';

/** Two overlapping slanted Ps, dark and light blue. */
export function PayPalMark({ size = 22 }: { size?: number }) {
  return (
    <Mark size={size}>
      <path d={PAYPAL_P} transform="translate(1.4 1.6)" fill="#009cde" fillRule="evenodd" />
      <path d={PAYPAL_P} transform="translate(-1 -0.6)" fill="#003087" fillRule="evenodd" />
    </Mark>
  );
}

/** An apple with its leaf, in white on the black tile. */
export function ApplePayMark({ size = 22 }: { size?: number }) {
  return (
    <Mark size={size}>
      <path
        fill="#fff"
        d="M16.9 12.8c0-2.5 2-3.7 2.1-3.8-1.2-1.7-3-1.9-3.6-1.9-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.2 1-4.1 2.5-1.8 3-.5 7.5 1.3 10 .8 1.2 1.8 2.6 3.1 2.5 1.2 0 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.4-1-2.4-4.1zM14.5 5.5c.7-.8 1.1-1.9 1-3-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.2-.6 2.9-1.4z"
      />
    </Mark>
  );
}

/** A G in four colours: blue bar and right, green bottom, yellow left, red top. */
export function GooglePayMark({ size = 22 }: { size?: number }) {
  return (
    <Mark size={size}>
      <g fill="none" strokeWidth={3.2}>
        <path d="M12 12h7a7 7 0 0 1-2.05 4.95" stroke="#4285f4" />
        <path d="M16.95 16.95A7 7 0 0 1 7.05 16.95" stroke="#34a853" />
        <path d="M7.05 16.95A7 7 0 0 1 5.42 9.61" stroke="#fbbc05" />
        <path d="M5.42 9.61A7 7 0 0 1 16.95 7.05" stroke="#ea4335" />
      </g>
    </Mark>
  );
}

/** A bank card with its chip and number. */
export function CardMark({ size = 22 }: { size?: number }) {
  return (
    <Mark size={size}>
      <rect x="2" y="5" width="20" height="14" rx="2.4" fill="#3346c4" />
      <rect x="2" y="8" width="20" height="2.2" fill="#22308f" />
      <rect x="4.6" y="12" width="4" height="3" rx="0.7" fill="#ffd166" />
      <rect x="10.4" y="15.6" width="8" height="1.4" rx="0.7" fill="#c9d1ff" />
    </Mark>
  );
}

/** The price cut into four parts, the first one paid. */
export function PayLaterMark({ size = 22 }: { size?: number }) {
  return (
    <Mark size={size}>
      <circle cx="12" cy="12" r="8" fill="#fff" stroke="#7b4bd6" strokeWidth={2} />
      <path d="M12 12V4a8 8 0 0 1 8 8z" fill="#7b4bd6" />
      <path d="M12 4v16M4 12h16" stroke="#7b4bd6" strokeWidth={1.5} />
    </Mark>
  );
}
