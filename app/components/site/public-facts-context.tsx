import { createContext, useContext } from "react";
import type { PublicFacts } from "~/lib/public-facts";

const PublicFactsContext = createContext<PublicFacts | null>(null);

/** Set by the public layout (app/routes/site/layout.tsx) from its loader: the workshop's facts of this version. */
export const PublicFactsProvider = PublicFactsContext.Provider;

/**
 * The workshop's facts for the header, footer and pages, rendered on the server. Never the
 * defaults of app/config/site.ts: a component outside the public layout is a mistake, said at once.
 */
export function usePublicFacts(): PublicFacts {
  const facts = useContext(PublicFactsContext);
  if (!facts) throw new Error("usePublicFacts outside the public layout");
  return facts;
}

/** The facts where a page may be without them: the error page of a failed layout (the database unreachable). */
export function useOptionalPublicFacts(): PublicFacts | null {
  return useContext(PublicFactsContext);
}
