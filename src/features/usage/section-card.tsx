import type { ReactNode } from 'react'
import { Card, CardTitle } from '@/components/ui/card'

/** A card that is also a named region, so screen readers and tests can find it by its title. */
export function SectionCard({
  id,
  title,
  action,
  children,
}: {
  id: string
  title: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <Card aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id={id}>{title}</CardTitle>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </Card>
  )
}

/** Label and value pairs: a description list that lays out as a grid. */
export function Facts({ children, compact = false }: { children: ReactNode; compact?: boolean }) {
  return (
    <dl
      className={
        compact
          ? 'grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3'
          : 'grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3'
      }
    >
      {children}
    </dl>
  )
}

export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  )
}
