import type { ReactNode } from "react";

/**
 * A decorative 24×24 line icon drawn in the current text colour. Hidden from assistive
 * technology: the control it sits in always has its own text.
 */
export function StrokeIcon({
  size = 20,
  className,
  children,
}: {
  size?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className={className}
    >
      {children}
    </svg>
  );
}
