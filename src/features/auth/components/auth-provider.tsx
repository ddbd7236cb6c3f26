import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { clearToken, getToken, onTokenChangedElsewhere, setToken } from '../../../lib/token-store.ts';
import { emitLogout } from '../../../lib/session-events.ts';
import { authMessages } from '../messages.ts';
import { AuthContext, type AuthContextValue } from '../auth-context.ts';
import { authReducer, startingAuthState } from '../auth-state.ts';
import { login as loginRequest, tokenOf } from '../api/login.ts';
import { logoutRequest } from '../api/logout.ts';
import { clearSessionUser, loadSessionUser, nameFromEmail, saveSessionUser } from '../session-user.ts';
import { answeredSessionUser, takeSessionCheck } from '../session-check.ts';

interface AuthProviderProps {
  children: ReactNode;
  /** Called after logout so the app can drop cached data of that user (SWR cache). */
  onSignedOut?: () => void;
}

export function AuthProvider({ children, onSignedOut }: AuthProviderProps) {
  // Signed in from the first render when the early session check has already answered (issue 14).
  const [state, dispatch] = useReducer(authReducer, null, () => startingAuthState(getToken() ? answeredSessionUser() : null));

  useEffect(() => {
    let cancelled = false;
    if (!getToken()) {
      dispatch({ type: 'no-session' });
      return;
    }
    // Usually already on its way (startSessionCheck, called before the first render).
    takeSessionCheck().then(
      (user) => {
        if (cancelled) return;
        saveSessionUser(user);
        dispatch({ type: 'restored', user });
      },
      (err: unknown) => {
        if (cancelled) return;
        if (err instanceof ApiError && err.status === 401) {
          // The stored token's user, last known: their cached answers go as at logout.
          void emitLogout(loadSessionUser()?.id ?? null, 'expired');
          clearToken();
          clearSessionUser();
          dispatch({ type: 'no-session' });
        } else {
          dispatch({ type: 'temporary-failure', cachedUser: loadSessionUser() });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const response = await loginRequest(email, password);
    const token = tokenOf(response);
    if (!token) throw new ApiError(authMessages.loginError, { status: 0, fromServer: false });
    setToken(token);
    saveSessionUser(response.user);
    dispatch({ type: 'logged-in', user: response.user });
    return nameFromEmail(email);
  }, []);

  const userId = state.user?.id ?? null;
  const logout = useCallback(async () => {
    await emitLogout(userId);
    await logoutRequest();
    clearToken();
    clearSessionUser();
    dispatch({ type: 'logged-out' });
    onSignedOut?.();
  }, [userId, onSignedOut]);

  /**
   * A 401 anywhere ends the session (spec §8); the api client already removed the token. The
   * cached pages go too, as at logout: the next person to sign in must not see them.
   */
  const expire = useCallback(() => {
    // The service worker's API cache and the outbox's owner too, not only the pages in memory.
    void emitLogout(userId ?? loadSessionUser()?.id ?? null, 'expired');
    clearSessionUser();
    dispatch({ type: 'logged-out' });
    onSignedOut?.();
  }, [userId, onSignedOut]);

  // Another tab signed out, or signed someone else in: the stored token is no longer this tab's
  // session, which ends here as by a 401 (the stored user, if any, is the other tab's: kept).
  // Without this a tablet's second tab went on as the previous user — its pages on screen, its
  // requests sent with the next user's token, and its outbox sending the previous user's queued
  // PDFs as the next user's (fifth attacker's audit, decision 037).
  const signedIn = state.status === 'authenticated';
  useEffect(() => {
    if (!signedIn) return;
    return onTokenChangedElsewhere(() => {
      void emitLogout(userId, 'expired');
      dispatch({ type: 'logged-out' });
      onSignedOut?.();
    });
  }, [signedIn, userId, onSignedOut]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, isAuthenticated: state.status === 'authenticated', login, logout, expire }),
    [state, login, logout, expire],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
