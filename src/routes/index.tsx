import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/')({
  component: Placeholder,
})

function Placeholder() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">Voice Dashboard</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        The dashboard is on its way. The embedded voice API is running.
      </p>
    </main>
  )
}
