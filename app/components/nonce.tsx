import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/**
 * The CSP nonce of this response; undefined in the browser (which hides it)
 * and in the public pages kept per facts version (server/page-cache.ts), so that no empty attribute is written.
 */
export function useNonce(): string | undefined {
  return useContext(NonceContext) || undefined;
}
