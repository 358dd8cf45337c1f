// The CSP nonce for inline scripts. Browsers hide it after load, so on the client it is empty.
import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
