import { Tabs } from "radix-ui";
import type * as React from "react";
import { Link, useNavigate } from "react-router";
import type { AdminTab } from "~/domain/appointment";
import { cn } from "~/lib/cn";

export type TabKey = AdminTab;

export const tabLabels: Record<TabKey, string> = {
  alle: "Alle Termine",
  beantragt: "Beantragte Termine",
  bestätigt: "Bestätigte Termine",
  storniert: "Stornierte Termine",
};

const tabKeys = Object.keys(tabLabels) as TabKey[];

/**
 * The four tabs filter on the server, so each trigger is a link: it works
 * without JavaScript, and with it Radix adds the tab keyboard model
 * (arrow keys move, Enter/Space or a click opens the tab).
 */
export function AppointmentTabs({
  active,
  counts,
  hrefFor,
  children,
}: {
  active: TabKey;
  counts: Record<TabKey, number>;
  hrefFor: (tab: TabKey) => string;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Tabs.Root value={active} activationMode="manual" onValueChange={(value) => navigate(hrefFor(value as TabKey))}>
      <Tabs.List aria-label="Termine nach Status" className="flex flex-wrap gap-1 rounded-lg bg-muted p-1 max-md:grid max-md:grid-cols-2">
        {tabKeys.map((tab) => (
          <Tabs.Trigger key={tab} value={tab} asChild>
            <Link
              to={hrefFor(tab)}
              // Radix already navigated on mouse down / Enter; avoid a second navigation.
              onClick={(event) => {
                if (!event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) event.preventDefault();
              }}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors",
                "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                "data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
                // A phone: two tabs per line, each a 44 px touch target whose label may wrap.
                "max-md:flex max-md:min-h-11 max-md:items-center max-md:justify-center max-md:text-center",
              )}
            >
              {`${tabLabels[tab]} (${counts[tab]})`}
            </Link>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabKeys.map((tab) => (
        <Tabs.Content key={tab} value={tab} className="mt-4 focus-visible:outline-none">
          {tab === active ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
