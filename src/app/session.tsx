import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor, ActorRefFrom, SnapshotFrom } from 'xstate';
import type { rootMachine } from '../machines/root';
import type { sessionMachine } from '../machines/session';

/**
 * The console's actor system (DESIGN: one context + useSelector). main.tsx creates and starts
 * the root actor (src/machines/root.ts), which invokes the session and spawns the workflows;
 * screens read them through these hooks and send them events.
 */
export type RootActor = Actor<typeof rootMachine>;
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const SessionContext = createContext<{ root: RootActor; session: SessionActor } | null>(null);

export function SessionProvider({ root, children }: { root: RootActor; children: ReactNode }) {
  const session = root.getSnapshot().children.session;
  if (!session) throw new Error('the root actor runs no session');
  return <SessionContext.Provider value={{ root, session }}>{children}</SessionContext.Provider>;
}

function useActors() {
  const actors = useContext(SessionContext);
  if (!actors) throw new Error('useSession outside SessionProvider');
  return actors;
}

export const useSessionActor = (): SessionActor => useActors().session;

/** The root actor: screens send it `<workflow>.open` / `.close`. */
export const useRootActor = (): RootActor => useActors().root;

type Workflows = NonNullable<SnapshotFrom<typeof rootMachine>['children']>;

/** A workflow the root runs (`snapshot.children[id]`), or undefined while none is open. */
export function useWorkflow<K extends keyof Workflows>(id: K): Workflows[K] | undefined {
  return useSelector(useRootActor(), (s) => s.children[id] as Workflows[K] | undefined);
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
