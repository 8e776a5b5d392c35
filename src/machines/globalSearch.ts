import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_LANGUAGE } from '../contract/locale';
import { SEARCH_MIN_LENGTH, type GlobalSearchReply } from '../contract/search';
import { failureMessage, type TestMap } from './effects';

/**
 * The top bar's global search (the command palette, issue #29): what is typed waits for a pause
 * in the typing (`debounce`), then one call searches every kind of record the caller may open;
 * the results, "nothing found" or the failure (with a retry) are shown. Typing again starts over:
 * a reply for an older text is dropped with the state that asked for it, so what is shown always
 * belongs to the text in the field. Too short a text is not searched (idle shows the hint).
 */

/** Milliseconds of quiet after the last keystroke before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface GlobalSearchContext {
  /** The text in the field, trimmed. */
  keyword: string;
  /** The reply for `keyword` (found or nothing), else null. */
  reply: GlobalSearchReply | null;
  error: string | null;
}

export type GlobalSearchEvent = { type: 'TYPE'; keyword: string } | { type: 'RETRY' };

/** Whether a text is long enough to be searched (the contract's rule). */
export const searchable = (keyword: string) => keyword.trim().length >= SEARCH_MIN_LENGTH;

export const globalSearchMachine = setup({
  types: {
    context: {} as GlobalSearchContext,
    events: {} as GlobalSearchEvent,
  },
  actors: {
    search: fromPromise<GlobalSearchReply, { keyword: string }>(() =>
      Promise.reject(new Error('globalSearch actor "search" not provided')),
    ),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    tooShort: ({ context }) => !searchable(context.keyword),
    foundSome: (_, params: { reply: GlobalSearchReply }) => params.reply.hits.length > 0,
  },
  actions: {
    rememberKeyword: assign((_, params: { keyword: string }) => ({
      keyword: params.keyword.trim(),
      reply: null,
      error: null,
    })),
    rememberReply: assign((_, params: { reply: GlobalSearchReply }) => ({ reply: params.reply })),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error, DEFAULT_LANGUAGE),
    })),
  },
}).createMachine({
  id: 'globalSearch',
  context: { keyword: '', reply: null, error: null },
  initial: 'idle',
  // Whatever the state, a new text starts over (a pending timer or call is dropped with its state).
  on: {
    TYPE: {
      target: '.typed',
      actions: { type: 'rememberKeyword', params: ({ event }) => ({ keyword: event.keyword }) },
    },
  },
  states: {
    idle: {},
    typed: {
      always: [{ guard: 'tooShort', target: 'idle' }, { target: 'debouncing' }],
    },
    debouncing: {
      tags: ['busy'],
      after: { debounce: { target: 'searching' } },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ keyword: context.keyword }),
        onDone: [
          {
            guard: { type: 'foundSome', params: ({ event }) => ({ reply: event.output }) },
            target: 'found',
            actions: { type: 'rememberReply', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            target: 'nothing',
            actions: { type: 'rememberReply', params: ({ event }) => ({ reply: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    found: {},
    nothing: {},
    failed: {
      on: { RETRY: { target: 'searching' } },
    },
  },
});

export const globalSearchTestMap = {
  states: {
    idle: 'The palette’s hint: type two characters or more (numbers exactly, names by their beginning)',
    typed: 'Passing: the text just typed is judged long enough or not',
    debouncing: 'The text waits for a pause in the typing; the palette shows it is searching',
    searching: 'The search is sent; the palette shows it is searching',
    found: 'The results, grouped by kind; arrows move, Enter opens the page of the one chosen',
    nothing: 'Nothing matched the text (“No results for …”)',
    failed: 'The search failed: its message and Try again',
  },
  events: {
    TYPE: 'Type, delete or paste in the search field',
    RETRY: 'Press Try again',
    'xstate.after.debounce.globalSearch.debouncing': 'A pause in the typing',
    'xstate.done.actor.search': 'The server replies with what it found (maybe nothing)',
    'xstate.error.actor.search': 'The search call fails',
  },
} satisfies TestMap;
