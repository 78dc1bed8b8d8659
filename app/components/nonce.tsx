import { createContext, useContext } from "react";

// The CSP nonce travels from entry.server to <Scripts>. In the browser it is always "":
// browsers hide nonce attributes from the DOM, and hydration does not need it.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
