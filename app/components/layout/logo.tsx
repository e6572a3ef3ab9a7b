import { cn } from "~/lib/cn";

/**
 * Our own car mark. It is drawn in currentColor (slate in the light theme,
 * white in the dark one via `dark:` classes) with the accent in the primary
 * colour, so the right variant shows from the first paint without JavaScript.
 */
export function Logo({ className = "h-9" }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 64 40"
      role="img"
      aria-label="Happy Car Logo"
      className={cn("w-auto shrink-0 text-slate-900 dark:text-white", className)}
    >
      <path
        fill="currentColor"
        d="M6 30c-2 0-3-1-3-3v-4c0-2 1-3 3-3.4l8-1.6 7-7.2C22.4 9.4 24 9 26 9h12c2.2 0 3.6.5 5 2l7.5 7.2 6.5 1.3c2 .4 3 1.6 3 3.5V27c0 2-1 3-3 3Z"
      />
      <path className="text-primary" fill="currentColor" d="M23.5 12h7.5v6.5H17.5ZM34 12h5c1.4 0 2.2.3 3 1.1l5.4 5.4H34Z" />
      <path
        className="text-primary"
        fill="none"
        stroke="currentColor"
        strokeLinecap="round"
        strokeWidth="2.2"
        d="M26 23.5c3.6 3 8.4 3 12 0"
      />
      <g className="text-primary" fill="currentColor" stroke="var(--background)" strokeWidth="2.5">
        <circle cx="17" cy="30" r="6" />
        <circle cx="47" cy="30" r="6" />
      </g>
      <g fill="var(--background)">
        <circle cx="17" cy="30" r="2" />
        <circle cx="47" cy="30" r="2" />
      </g>
    </svg>
  );
}
