import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor, SnapshotFrom } from 'xstate';
import type { sessionMachine } from '../machines/session';

/**
 * The session actor is the root of the console (DESIGN: one context + useSelector).
 * main.tsx creates and starts it; screens read it through these hooks and send it events.
 */
export type SessionActor = Actor<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession outside SessionProvider');
  return actor;
}

export function useSession<T>(selector: (s: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useSessionActor(), selector, compare);
}

export const useSessionSend = (): SessionActor['send'] => useSessionActor().send;

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export const useSessionUser = () => useSession((s) => s.context.user);
export const useSessionMenu = () => useSession((s) => s.context.menu, sameList);
export const useSessionBusy = () => useSession((s) => s.hasTag('busy'));
