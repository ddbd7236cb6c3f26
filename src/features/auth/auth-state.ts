import type { User } from '../../shared/api/auth.ts';

/** The session of spec §4: loading at start-up, then authenticated or not. */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  /** Null while loading, when signed out, or after a temporary failure with nothing cached. */
  user: User | null;
}

export type AuthEvent =
  | { type: 'restored'; user: User }
  | { type: 'temporary-failure'; cachedUser: User | null }
  | { type: 'no-session' }
  | { type: 'logged-in'; user: User }
  | { type: 'logged-out' };

export const initialAuthState: AuthState = { status: 'loading', user: null };

/** The start-up state: signed in at once when the session check has already confirmed the user. */
export function startingAuthState(answeredUser: User | null): AuthState {
  return answeredUser ? { status: 'authenticated', user: answeredUser } : initialAuthState;
}

export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'restored':
      // The provider may already have started with this user (answeredSessionUser): same state, no re-render.
      return state.status === 'authenticated' && state.user === event.user ? state : { status: 'authenticated', user: event.user };
    case 'logged-in':
      return { status: 'authenticated', user: event.user };
    case 'temporary-failure':
      // A network failure is not a logout (spec §4): keep the session with what we last knew.
      return { status: 'authenticated', user: event.cachedUser ?? state.user };
    case 'no-session':
    case 'logged-out':
      return { status: 'unauthenticated', user: null };
  }
}
