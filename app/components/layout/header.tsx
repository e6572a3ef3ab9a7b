import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { buttonClassName } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { Logo } from "./logo";
import { headerNavigation, isActiveItem } from "./navigation";
import { ThemeToggle } from "./theme-toggle";

const MOBILE_PANEL_ID = "mobile-navigation";

export function Header() {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const hash = hydrated ? location.hash : "";
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Any navigation (link, back button) closes the panel.
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  /** Home on "/" scrolls (smoothly, per CSS) to the top and clears the hash instead of reloading. */
  function onHomeClick(event: React.MouseEvent<HTMLAnchorElement>) {
    setOpen(false);
    if (location.pathname !== "/" || isModifiedClick(event)) return;
    event.preventDefault();
    if (location.hash) void navigate("/", { preventScrollReset: true });
    window.scrollTo(0, 0);
  }

  function navLinks(variant: "desktop" | "mobile") {
    return headerNavigation.map((item) => {
      const active = isActiveItem(item.to, location.pathname, hash);
      return (
        <li key={item.to}>
          <Link
            to={item.to}
            onClick={item.to === "/" ? onHomeClick : () => setOpen(false)}
            aria-current={active ? "page" : undefined}
            className={cn(
              "rounded-md font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              variant === "desktop" ? "px-2.5 py-2 text-sm lg:px-3" : "block px-3 py-3 text-base",
              !active ? "text-foreground" : variant === "mobile" ? "bg-accent text-accent-foreground" : "text-primary",
            )}
          >
            {item.label}
          </Link>
        </li>
      );
    });
  }

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-[74rem] items-center justify-between gap-2 px-4">
        <Link
          to="/"
          onClick={onHomeClick}
          className="flex items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Happy Car – zur Startseite"
        >
          <Logo />
          <span className="text-lg font-bold tracking-tight md:max-lg:hidden">Happy Car</span>
        </Link>

        <nav aria-label="Hauptnavigation" className="hidden md:block">
          <ul className="flex items-center gap-0.5">{navLinks("desktop")}</ul>
        </nav>

        <div className="flex items-center gap-1">
          <ThemeToggle />
          <Link to="/#booking" className={buttonClassName({ size: "sm", className: "max-lg:hidden" })}>
            Termin vereinbaren
          </Link>
          <button
            ref={toggleRef}
            type="button"
            className="hidden size-10 items-center justify-center rounded-md hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:[.js_&]:inline-flex"
            aria-expanded={open}
            aria-controls={MOBILE_PANEL_ID}
            aria-label={open ? "Menü schließen" : "Menü öffnen"}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
          {/* Without JavaScript the panel cannot open: small screens get the footer navigation instead. */}
          <a
            href="#footer-navigation"
            className="hidden rounded-md px-3 py-2 text-sm font-medium underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:[html:not(.js)_&]:inline-flex"
          >
            Menü
          </a>
        </div>
      </div>

      <nav
        id={MOBILE_PANEL_ID}
        aria-label="Mobile Navigation"
        hidden={!open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-background px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1 pt-2">{navLinks("mobile")}</ul>
        <Link
          to="/#booking"
          onClick={() => setOpen(false)}
          className={buttonClassName({ size: "lg", className: "mt-3 w-full" })}
        >
          Termin vereinbaren
        </Link>
      </nav>
    </header>
  );
}

function isModifiedClick(event: React.MouseEvent) {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
