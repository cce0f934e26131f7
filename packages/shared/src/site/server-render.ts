// A module of its own: the web app's first script reads it, and whatever else shared a module with
// it would ride along in that script (apps/web/src/main.tsx).

/**
 * A page the server rendered (apps/web/src/entry-server.tsx): its root element carries
 * `rootAttribute`, and the answers it was drawn from are in the JSON script element `stateId`,
 * which the app puts in its cache before it takes the page over (apps/web/src/main.tsx).
 */
export const SERVER_RENDER = {
  rootAttribute: 'data-server-rendered',
  stateId: 'pehnava-state',
  /** Set on the root once the app has taken the drawn page over and it takes taps. */
  takenOverAttribute: 'data-taken-over',
} as const;
