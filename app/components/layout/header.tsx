import { Menu, X } from "lucide-react";
import { Link, useLocation } from "react-router";
import { buttonClassName } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { Logo } from "./logo";
import { headerNavigation, isActiveItem, MENU_LABEL } from "./navigation";
import { ThemeToggle } from "./theme-toggle";

const MOBILE_PANEL_ID = "mobile-navigation";

/**
 * The fixed site header, rendered on the server only. Its behaviour (menu
 * panel, Home on "/", the active item when the hash changes) comes from
 * app/browser/header.ts, which finds the elements by their data attributes;
 * the look of every state follows aria-expanded and aria-current in CSS.
 */
export function Header() {
  const { pathname } = useLocation();

  function navLinks(variant: "desktop" | "mobile") {
    return headerNavigation.map((item) => (
      <li key={item.to}>
        <Link
          to={item.to}
          data-nav-item={item.to}
          // The hash is only known in the browser: the script corrects it there.
          aria-current={isActiveItem(item.to, pathname, "") ? "page" : undefined}
          className={cn(
            "rounded-md font-medium text-foreground transition-colors hover:bg-accent hover:text-accent-foreground",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
            variant === "desktop"
              ? "px-2.5 py-2 text-sm aria-[current=page]:text-primary lg:px-3"
              : "block px-3 py-3 text-base aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground",
          )}
        >
          {item.label}
        </Link>
      </li>
    ));
  }

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-[74rem] items-center justify-between gap-2 px-4">
        <Link
          to="/"
          data-nav-home
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
            type="button"
            data-menu-toggle
            className="group hidden size-10 items-center justify-center rounded-md hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:[.js_&]:inline-flex"
            aria-expanded="false"
            aria-controls={MOBILE_PANEL_ID}
            aria-label={MENU_LABEL.open}
          >
            <Menu aria-hidden="true" className="size-6 group-aria-expanded:hidden" />
            <X aria-hidden="true" className="hidden size-6 group-aria-expanded:block" />
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
        hidden
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-background px-4 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1 pt-2">{navLinks("mobile")}</ul>
        <Link to="/#booking" className={buttonClassName({ size: "lg", className: "mt-3 w-full" })}>
          Termin vereinbaren
        </Link>
      </nav>
    </header>
  );
}
