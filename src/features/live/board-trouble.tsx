import { cn } from '@/lib/cn'

/**
 * Above the board while the voice service's list of calls cannot be read (an error, an answer the
 * console cannot read): the board is never shown as healthy and empty when it could not look.
 */
export function BoardTrouble({ message, wall }: { message: string; wall: boolean }) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
        wall ? 'text-lg' : 'text-sm',
      )}
    >
      <p className="font-medium">The calls in flight cannot be read from the voice service.</p>
      <p>
        {message} The board may be missing calls or show them as they were; the console keeps trying every few seconds.
      </p>
    </div>
  )
}
