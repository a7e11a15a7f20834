// When the web tests run a component's useEffect. Preact (which runs React's API here, as in the browser:
// vite.config.ts) runs it after the next frame: requestAnimationFrame raced by a 35 ms timeout, then a task
// (afterNextFrame in preact/hooks/src/index.js). jsdom paints nothing, so that is a frame of 16 ms or more after a
// render that no act() wrapped (a route's page, a lazy chunk's), long enough for a test to find the page and type
// before the page listens: the keyboard shortcuts add their keydown listener in an effect, and a Ctrl+K typed the
// moment the search field showed went into the field (palette-keys.test.tsx, search-keys.test.tsx failed so on a
// quiet machine). A person cannot type within the frame; in the browser early-keys.ts keeps what they do.
// Here the effects run in the next task instead, which is still after the render, and before the task in which
// Testing Library's findBy* and waitFor hand back (they wait one more for in-flight work): a test goes on with the
// page's effects run, as a person meets it. Inside act() Preact's test-utils flush effects themselves.
import { options } from 'preact'

options.requestAnimationFrame = (flushEffects) => {
  setTimeout(flushEffects, 0)
}
