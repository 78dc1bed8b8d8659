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

/** A filled chevron pointing down (menus and questions that open); decorative like StrokeIcon. */
export function ChevronDownIcon({ size = 16, className }: { size?: number; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width={size} height={size} fill="currentColor" className={className}>
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}
