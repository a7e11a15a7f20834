// This process's name among the console instances sharing a store: in leases, logs and /metrics.
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'

/** The host and process id, readable in a lease's row, and random bytes, so a restarted process is a new holder. */
export const newInstanceId = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
