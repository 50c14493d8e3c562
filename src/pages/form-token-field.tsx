import { createContext, useContext } from 'react';

/** The signed-in viewer's per-session form token, for forms the server renders outside islands. */
export const FormTokenContext = createContext<string | undefined>(undefined);

/** The hidden `_token` field every signed-in plain form carries (src/http/form-token.ts); nothing for a visitor. */
export function PageFormToken() {
  const token = useContext(FormTokenContext);
  return token ? <input type="hidden" name="_token" value={token} /> : null;
}
