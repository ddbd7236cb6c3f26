import { createContext, useContext } from 'react';
import type { User } from '../../shared/api/auth.ts';
import { authMessages } from './messages.ts';
import type { AuthStatus } from './auth-state.ts';

export interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  isAuthenticated: boolean;
  /** Resolves with the greeting name; rejects with an ApiError whose status says why. */
  login: (email: string, password: string) => Promise<string>;
  logout: () => Promise<void>;
  /** Ends the session locally after a 401 (the token is already gone). */
  expire: () => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error(authMessages.outsideProvider);
  return value;
}
