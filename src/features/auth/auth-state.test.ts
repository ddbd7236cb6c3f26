import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/api/auth.ts';
import { authReducer, initialAuthState, startingAuthState } from './auth-state.ts';
import { nameFromEmail } from './session-user.ts';

const user: User = { id: 7, email: 'ana@x.co', name: 'Ana', role: 'user', permissions: ['read', 'upload'] };

describe('authReducer (spec §4)', () => {
  it('starts loading, then restores or ends without a session', () => {
    expect(initialAuthState.status).toBe('loading');
    expect(authReducer(initialAuthState, { type: 'restored', user })).toEqual({ status: 'authenticated', user });
    expect(authReducer(initialAuthState, { type: 'no-session' })).toEqual({ status: 'unauthenticated', user: null });
  });
  it('keeps the session on a temporary failure, with the cached user', () => {
    expect(authReducer(initialAuthState, { type: 'temporary-failure', cachedUser: user })).toEqual({ status: 'authenticated', user });
    expect(authReducer(initialAuthState, { type: 'temporary-failure', cachedUser: null }).status).toBe('authenticated');
  });
  it('login and logout', () => {
    const signedIn = authReducer({ status: 'unauthenticated', user: null }, { type: 'logged-in', user });
    expect(signedIn.status).toBe('authenticated');
    expect(authReducer(signedIn, { type: 'logged-out' })).toEqual({ status: 'unauthenticated', user: null });
  });
});

describe('start-up already answered (issue 14)', () => {
  it('starts signed in with a user the early session check confirmed, loading otherwise', () => {
    expect(startingAuthState(user)).toEqual({ status: 'authenticated', user });
    expect(startingAuthState(null)).toBe(initialAuthState);
  });
  it("keeps the same state when the check's answer restores the user it started with (no re-render)", () => {
    const started = startingAuthState(user);
    expect(authReducer(started, { type: 'restored', user })).toBe(started);
    expect(authReducer(started, { type: 'restored', user: { ...user, role: 'admin' } })).toEqual({ status: 'authenticated', user: { ...user, role: 'admin' } });
  });
});

describe('nameFromEmail', () => {
  it('takes the part before the @, or Usuario', () => {
    expect(nameFromEmail('maria.perez@banco.co')).toBe('maria.perez');
    expect(nameFromEmail('@banco.co')).toBe('Usuario');
    expect(nameFromEmail('')).toBe('Usuario');
  });
});
