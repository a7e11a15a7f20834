// Which origins the storage proxy (/storage-proxy) fetches recordings from, and which call a recording
// link belongs to (for the audit trail). An origin is served when an admin listed it (CONSOLE_STORAGE_ORIGINS),
// when it is the voice API's or VOICE_STORAGE_URL's, or, with `auto` (the default), when the voice service
// itself named it in a recording link of an answer this console relayed. Nothing a browser sends adds an origin:
// the proxy is never open, and the service is the party the admin already trusts with the key. An origin learnt
// must be a public address (http/private-address.ts, as webhooks): an answer cannot point the proxy at the
// console's own network. The voice API's own origin is served only at the paths of recording links its answers
// named, so /storage-proxy never relays the rest of the API (nor what else that host serves) without the key.
import { createLruCache } from '../../shared/lru-cache'
import { refusedHost } from '../http/private-address'
import type { Operation } from '../operations'
import type { StorageOriginQueries } from '../store/storage-origins'

export interface StorageOriginsOptions {
  /** Origins always served: the admin's list, VOICE_STORAGE_URL's, VOICE_STORAGE_UPSTREAM's. */
  origins: string[]
  /** The voice API's base URL: its origin is served only at recording links the service named. */
  api?: string
  /** Learn origins on private addresses too (CONSOLE_STORAGE_ALLOW_PRIVATE); listed ones are served whatever their address. */
  learnPrivate?: boolean
  /** How a host's name is resolved for the address check: the system's resolver unless a test names its own. */
  resolve?: (host: string) => Promise<string[]>
  /** Told of an origin the service named and the console will not learn, and why. */
  onRefuse?: (origin: string, reason: string) => void
  /** Learn the origins of the recording links the service sends (`auto`). */
  learn: boolean
  /** Told once per origin learnt, so an admin can see where recordings come from. */
  onLearn?: (origin: string) => void
  /** The console's own origins: its links play from /storage/, and the proxy never fetches the console itself. */
  own?: string[]
  /** Where what is learnt is shared with the other console instances (the store); this process's memory alone when absent. */
  shared?: StorageOriginQueries
  now?: () => number
  /** A shared write or read that failed: the memory still answers. */
  onError?: (error: unknown) => void
}

// A service keeps its recordings on a handful of origins; past these, the oldest learnt is forgotten
// (and learnt again from the next answer that names it), so a service cannot grow the set without bound.
const MAX_LEARNT_ORIGINS = 50
// Recording links seen, by origin and path (their signed query changes on every answer), to name their call.
const MAX_KNOWN_LINKS = 10_000

/** The storage proxy's setting: learn from the service's answers, and these origins besides. */
export interface StorageOriginsSetting {
  origins: string[]
  learn: boolean
  /** CONSOLE_STORAGE_ALLOW_PRIVATE: learn origins on private addresses too (a service on the console's own network). */
  learnPrivate?: boolean
}

/**
 * CONSOLE_STORAGE_ORIGINS: origins (`https://storage.example.com`) and `auto`, separated by commas or spaces.
 * Unset, it is `auto`; a list without `auto` serves only what it names (and the voice API's and VOICE_STORAGE_URL's).
 */
export function parseStorageOrigins(text: string): StorageOriginsSetting {
  const origins: string[] = []
  let learn = false
  for (const item of text.split(/[\s,]+/).filter(Boolean)) {
    if (item === 'auto') {
      learn = true
      continue
    }
    const origin = storageOriginOf(item)
    // An origin only: a path or query would suggest a narrower rule than the one applied.
    if (!origin || !/^https?:\/\/[^/?#]+\/?$/.test(item)) {
      throw new Error(`"${item}" is not an origin such as https://storage.example.com, nor auto`)
    }
    origins.push(origin)
  }
  return { origins, learn }
}

/** The origin of an http(s) URL without credentials in it, else null. */
export function storageOriginOf(value: string): string | null {
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    if (url.username || url.password) return null
    return url.origin
  } catch {
    return null
  }
}

/** The call id of a recording link when no relayed answer named it: its file name, as the console's own /storage/ route reads it. */
function fileName(url: URL): string {
  return (url.pathname.split('/').pop() ?? '').replace(/\.[A-Za-z0-9]{1,8}$/, '')
}

/** The answers recording links are learnt from: a call's detail and its recordings. */
export function learnsFrom(operation: Operation): boolean {
  if (operation.storage || operation.method !== 'GET') return false
  return operation.route.endsWith('/calls/{call_id}') || operation.route.endsWith('/recordings')
}

export function createStorageOrigins(options: StorageOriginsOptions) {
  const own = new Set(options.own ?? [])
  const fixed = new Set(
    options.origins.map((origin) => storageOriginOf(origin)).filter((o): o is string => o !== null && !own.has(o)),
  )
  // Named as a storage origin too (an admin's list, VOICE_STORAGE_URL on the same host): then served whole.
  const api = options.api ? storageOriginOf(options.api) : null
  const apiByPath = api !== null && !fixed.has(api) && !own.has(api)
  const learnt = createLruCache<string, true>(MAX_LEARNT_ORIGINS)
  const links = createLruCache<string, string>(MAX_KNOWN_LINKS)

  const now = options.now ?? Date.now
  const { shared } = options
  const onError = options.onError ?? (() => {})

  /** Why an origin's host may not be learnt (a private address, or none); null when it is public. */
  const publicOrNot = async (host: string): Promise<string | null> => {
    if (options.learnPrivate) return null
    return refusedHost(new URL(`http://${host}`).hostname, options.resolve).catch(() => `${host} could not be resolved`)
  }

  /** The voice API's origin at a path one of its answers gave as a recording link (here or on another instance). */
  const namedLink = async (link: URL): Promise<boolean> => {
    const key = `${link.origin}${link.pathname}`
    if (links.has(key)) return true
    const call = await shared?.callOfLink(key).catch((error: unknown) => {
      onError(error)
      return null
    })
    return typeof call === 'string'
  }

  async function note(link: unknown, callId: unknown) {
    if (typeof link !== 'string') return
    const origin = storageOriginOf(link)
    if (!origin) return
    const url = new URL(link)
    if (typeof callId === 'string') {
      links.set(`${origin}${url.pathname}`, callId)
      await shared?.noteLink(`${origin}${url.pathname}`, callId, now()).catch(onError)
    }
    if (!options.learn || fixed.has(origin) || own.has(origin) || origin === api) return
    const known = learnt.has(origin)
    if (!known) {
      const refused = await publicOrNot(url.host)
      if (refused) return options.onRefuse?.(origin, refused)
    }
    learnt.set(origin, true)
    await shared?.learn(origin, now()).catch(onError)
    if (!known) options.onLearn?.(origin)
  }

  return {
    /**
     * Served: on an origin listed, learnt here, or (with `auto`) learnt by another instance from an answer it
     * relayed, and still resolving to public addresses; on the voice API's origin, a link its answers named.
     */
    async allows(link: URL): Promise<boolean> {
      const { origin } = link
      if (fixed.has(origin)) return true
      if (origin === api) return apiByPath && (await namedLink(link))
      if (!options.learn || own.has(origin)) return false
      if (!learnt.has(origin)) {
        const known = await shared?.known(origin).catch((error: unknown) => {
          onError(error)
          return false
        })
        if (!known) return false
        learnt.set(origin, true)
      }
      // Again at each fetch: a name learnt while public may resolve to the console's own network since.
      return (await publicOrNot(link.host)) === null
    },
    /**
     * Whether connections to this origin go through the address guard: a learnt one (not listed, not the API's),
     * unless private addresses may be learnt.
     */
    guardsConnections: (origin: string): boolean =>
      !options.learnPrivate && !fixed.has(origin) && origin !== api && !own.has(origin),
    /** Whether the origin is the voice API's, served only at the links its answers named. */
    isApi: (origin: string): boolean => apiByPath && origin === api,
    /** What the console serves today, for a refusal that names it. */
    served: (): string[] => [...(apiByPath && api ? [api] : []), ...fixed, ...learnt.keys()],
    learns: options.learn,

    /** The recording links in a relayed answer of call detail or recordings (the only answers that carry them). */
    async learnFrom(operation: Operation, response: Response): Promise<void> {
      if (!learnsFrom(operation) || !response.ok) return
      const detail = operation.route.endsWith('/calls/{call_id}')
      let body: unknown
      try {
        body = await response.clone().json()
      } catch {
        return
      }
      if (typeof body !== 'object' || body === null) return
      const answer = body as { call_id?: unknown; recording_url?: unknown; recordings?: unknown }
      if (detail) await note(answer.recording_url, answer.call_id)
      else if (Array.isArray(answer.recordings)) {
        for (const recording of answer.recordings.slice(0, 100)) {
          if (typeof recording === 'object' && recording !== null)
            await note((recording as { url?: unknown }).url, answer.call_id)
        }
      }
    },

    /** The call a recording link belongs to: as a relayed answer said, else its file name. */
    async callOf(link: URL): Promise<string> {
      const key = `${link.origin}${link.pathname}`
      const known =
        links.get(key) ??
        (await shared?.callOfLink(key).catch((error: unknown) => {
          onError(error)
          return null
        }))
      return known ?? fileName(link)
    },
  }
}

export type StorageOrigins = ReturnType<typeof createStorageOrigins>
