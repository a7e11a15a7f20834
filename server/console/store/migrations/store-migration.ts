// What each migration file exports: its up and down, given what the two stores spell differently (the adapter).
import type { Migration } from 'kysely/migration'
import type { StoreAdapter } from '../adapter'

export type StoreMigration = (store: StoreAdapter) => Migration
